// Which sources are switched on, and how each reaches its provider, from environment variables (documented in
// the README's configuration table and the "Enabling online sources" docs page). The local corpus is always on;
// the keyless online sources (OpenAlex, Crossref, arXiv, PubMed; Semantic Scholar with a key) are on unless
// SCHOLAR_SOURCES names others; `SCHOLAR_SOURCES=local` keeps a deployment off the network.
import { ARXIV_BASE_URL } from './arxiv';
import { CROSSREF_BASE_URL, type CrossrefOptions } from './crossref';
import { OPENALEX_BASE_URL, type OpenAlexOptions } from './openalex';
import type { OnlineSourceOptions } from './online-options';
import { PUBMED_BASE_URL, type PubmedOptions } from './pubmed';
import { SEMANTIC_SCHOLAR_BASE_URL, type SemanticScholarOptions } from './semanticscholar';
import { SOURCE_IDS, isSourceId, type SourceId } from './source';

export interface SourcesConfig {
  /** `local` first, then the online sources in the order SCHOLAR_SOURCES names them. */
  enabled: SourceId[];
  /** How long federated search and verification wait for each source. */
  timeoutMs: number;
  /** How often the online sources are probed for reachability (0: only at start). */
  probeIntervalMs: number;
  openalex: OpenAlexOptions;
  arxiv: OnlineSourceOptions;
  crossref: CrossrefOptions;
  semanticscholar: SemanticScholarOptions;
  pubmed: PubmedOptions;
}

export const DEFAULT_SOURCE_TIMEOUT_MS = 8000;
export const DEFAULT_PROBE_INTERVAL_MS = 5 * 60_000;
/** On when SCHOLAR_SOURCES is not set: the online sources that need no key. */
export const KEYLESS_SOURCES: SourceId[] = ['openalex', 'crossref', 'arxiv', 'pubmed'];

/** Thrown at start-up for a configuration that cannot work; the message names the variable. */
export class SourcesConfigError extends Error {
  override name = 'SourcesConfigError';
}

type Env = Record<string, string | undefined>;

const value = (env: Env, name: string) => env[name]?.trim() || undefined;

function baseUrl(env: Env, name: string, fallback: string) {
  const url = value(env, name) ?? fallback;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new SourcesConfigError(`${name} must be an absolute http(s) URL; got ${JSON.stringify(url)}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new SourcesConfigError(`${name} must be an http(s) URL; got ${JSON.stringify(url)}`);
  return url.replace(/\/+$/, '');
}

function enabledSources(env: Env): SourceId[] {
  const setting = value(env, 'SCHOLAR_SOURCES');
  if (setting === undefined) return ['local', ...KEYLESS_SOURCES, ...(value(env, 'SEMANTIC_SCHOLAR_API_KEY') ? ['semanticscholar' as const] : [])];
  const listed = setting
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const names = listed.includes('all') ? [...SOURCE_IDS] : listed;
  const unknown = names.filter((n) => !isSourceId(n));
  if (unknown.length) throw new SourcesConfigError(`SCHOLAR_SOURCES names unknown sources: ${unknown.join(', ')}; known: ${SOURCE_IDS.join(', ')}, or all`);
  return ['local', ...new Set((names as SourceId[]).filter((n) => n !== 'local'))];
}

function timeout(env: Env) {
  const text = value(env, 'SCHOLAR_SOURCE_TIMEOUT_MS');
  if (text === undefined) return DEFAULT_SOURCE_TIMEOUT_MS;
  const ms = Number(text);
  if (!Number.isInteger(ms) || ms < 100 || ms > 120_000)
    throw new SourcesConfigError(`SCHOLAR_SOURCE_TIMEOUT_MS must be a whole number of milliseconds from 100 to 120000; got ${JSON.stringify(text)}`);
  return ms;
}

function probeInterval(env: Env) {
  const text = value(env, 'SCHOLAR_PROBE_INTERVAL_MS');
  if (text === undefined) return DEFAULT_PROBE_INTERVAL_MS;
  const ms = Number(text);
  if (!Number.isInteger(ms) || (ms !== 0 && ms < 10_000))
    throw new SourcesConfigError(
      `SCHOLAR_PROBE_INTERVAL_MS must be 0 (probe only at start) or a whole number of milliseconds of at least 10000; got ${JSON.stringify(text)}`,
    );
  return ms;
}

export function sourcesConfigFromEnv(env: Env = process.env): SourcesConfig {
  return {
    enabled: enabledSources(env),
    timeoutMs: timeout(env),
    probeIntervalMs: probeInterval(env),
    openalex: { baseUrl: baseUrl(env, 'OPENALEX_BASE_URL', OPENALEX_BASE_URL), email: value(env, 'OPENALEX_EMAIL'), apiKey: value(env, 'OPENALEX_API_KEY') },
    arxiv: { baseUrl: baseUrl(env, 'ARXIV_BASE_URL', ARXIV_BASE_URL) },
    crossref: { baseUrl: baseUrl(env, 'CROSSREF_BASE_URL', CROSSREF_BASE_URL), mailto: value(env, 'CROSSREF_MAILTO') },
    semanticscholar: { baseUrl: baseUrl(env, 'SEMANTIC_SCHOLAR_BASE_URL', SEMANTIC_SCHOLAR_BASE_URL), apiKey: value(env, 'SEMANTIC_SCHOLAR_API_KEY') },
    pubmed: { baseUrl: baseUrl(env, 'PUBMED_BASE_URL', PUBMED_BASE_URL), apiKey: value(env, 'NCBI_API_KEY'), email: value(env, 'NCBI_EMAIL') },
  };
}
