// The switched-on sources, built once from the configuration (each online source keeps its own rate limiter
// and Retry-After state, so build one registry per process, not per request).
import type { Database } from '@citewise/db';
import type { QueryTranslator } from '../translate/translate-query';
import { createArxivSource } from './arxiv';
import type { SourcesConfig } from './config';
import { createSourceHealth, guarded, type SourceHealth } from './health';
import { createCrossrefSource } from './crossref';
import { createLocalSource } from './local';
import { createOpenAlexSource } from './openalex';
import { createPubmedSource } from './pubmed';
import { createSemanticScholarSource } from './semanticscholar';
import type { Source, SourceId } from './source';

export interface SourceRegistry {
  /** Switched-on sources by id, `local` first. */
  enabled: ReadonlyMap<SourceId, Source>;
  /** Default per-source timeout of searches and verifications. */
  timeoutMs: number;
  /** Reachability of the online sources, when they are probed (registries built from the configuration). */
  health?: SourceHealth;
  /**
   * The deployment's query translator (a model, when one is configured), used by every search of this registry
   * that asks for translation and brings none of its own: literature search and the research assistant's retrieval
   * translate the same way, with one cache. Absent: the glossary and dictionary translate.
   */
  translate?: QueryTranslator;
}

const ONLINE: Record<Exclude<SourceId, 'local'>, (config: SourcesConfig) => Source> = {
  openalex: (c) => createOpenAlexSource(c.openalex),
  arxiv: (c) => createArxivSource(c.arxiv),
  crossref: (c) => createCrossrefSource(c.crossref),
  semanticscholar: (c) => createSemanticScholarSource(c.semanticscholar),
  pubmed: (c) => createPubmedSource(c.pubmed),
};

const baseUrlOf = (config: SourcesConfig, id: Exclude<SourceId, 'local'>) => config[id].baseUrl;

export function createSources(config: SourcesConfig, deps: { db: Database; translate?: QueryTranslator }): SourceRegistry {
  const online = config.enabled.filter((id): id is Exclude<SourceId, 'local'> => id !== 'local');
  const health = online.length
    ? createSourceHealth({
        targets: Object.fromEntries(online.map((id) => [id, baseUrlOf(config, id)])),
        intervalMs: config.probeIntervalMs,
        probeTimeoutMs: Math.min(config.timeoutMs, 3000),
      })
    : undefined;
  const enabled = new Map<SourceId, Source>();
  for (const id of config.enabled) enabled.set(id, id === 'local' ? createLocalSource(deps.db) : guarded(ONLINE[id](config), health!));
  return { enabled, timeoutMs: config.timeoutMs, health, translate: deps.translate };
}

/** A registry of given sources (tests, or an app that builds its sources itself). */
export function sourceRegistry(sources: Source[], timeoutMs: number): SourceRegistry {
  return { enabled: new Map(sources.map((s) => [s.id, s])), timeoutMs };
}
