// Source configuration from the environment: defaults, switches, overrides and clear errors.
import { describe, expect, it } from 'vitest';
import { DEFAULT_SOURCE_TIMEOUT_MS, sourcesConfigFromEnv } from './config';

describe('sources configuration', () => {
  it("has the keyless online sources on by default, with the providers' public URLs; local alone on request", () => {
    const config = sourcesConfigFromEnv({});
    expect(config.enabled).toEqual(['local', 'openalex', 'crossref', 'arxiv', 'pubmed']);
    expect(sourcesConfigFromEnv({ SEMANTIC_SCHOLAR_API_KEY: 'k' }).enabled).toContain('semanticscholar');
    expect(sourcesConfigFromEnv({ SCHOLAR_SOURCES: 'local' }).enabled).toEqual(['local']);
    expect(config.probeIntervalMs).toBe(300_000);
    expect(sourcesConfigFromEnv({ SCHOLAR_PROBE_INTERVAL_MS: '0' }).probeIntervalMs).toBe(0);
    expect(() => sourcesConfigFromEnv({ SCHOLAR_PROBE_INTERVAL_MS: '50' })).toThrow(/SCHOLAR_PROBE_INTERVAL_MS/);
    expect(config.timeoutMs).toBe(DEFAULT_SOURCE_TIMEOUT_MS);
    expect(config.openalex).toEqual({ baseUrl: 'https://api.openalex.org', email: undefined, apiKey: undefined });
    expect(config.arxiv.baseUrl).toBe('https://export.arxiv.org/api');
    expect(config.crossref.baseUrl).toBe('https://api.crossref.org');
    expect(config.semanticscholar.baseUrl).toBe('https://api.semanticscholar.org');
    expect(config.pubmed.baseUrl).toBe('https://eutils.ncbi.nlm.nih.gov/entrez/eutils');
  });

  it('switches sources on, reads contacts and keys, and takes base-URL overrides', () => {
    const config = sourcesConfigFromEnv({
      SCHOLAR_SOURCES: ' Crossref, openalex ,local,crossref',
      SCHOLAR_SOURCE_TIMEOUT_MS: '2500',
      OPENALEX_EMAIL: 'me@lab.example',
      OPENALEX_API_KEY: 'k1',
      CROSSREF_MAILTO: 'me@lab.example',
      SEMANTIC_SCHOLAR_API_KEY: 'k2',
      NCBI_API_KEY: 'k3',
      NCBI_EMAIL: 'me@lab.example',
      CROSSREF_BASE_URL: 'http://127.0.0.1:9000/crossref/',
      ARXIV_BASE_URL: 'https://mirror.example/arxiv',
    });
    expect(config.enabled).toEqual(['local', 'crossref', 'openalex']);
    expect(config.timeoutMs).toBe(2500);
    expect(config.openalex).toMatchObject({ email: 'me@lab.example', apiKey: 'k1' });
    expect(config.crossref).toEqual({ baseUrl: 'http://127.0.0.1:9000/crossref', mailto: 'me@lab.example' });
    expect(config.semanticscholar.apiKey).toBe('k2');
    expect(config.pubmed).toMatchObject({ apiKey: 'k3', email: 'me@lab.example' });
    expect(config.arxiv.baseUrl).toBe('https://mirror.example/arxiv');
    expect(sourcesConfigFromEnv({ SCHOLAR_SOURCES: 'all' }).enabled).toEqual(['local', 'openalex', 'arxiv', 'crossref', 'semanticscholar', 'pubmed']);
  });

  it("refuses unknown sources, bad URLs and bad timeouts with the variable's name", () => {
    expect(() => sourcesConfigFromEnv({ SCHOLAR_SOURCES: 'openalex,google' })).toThrow('SCHOLAR_SOURCES names unknown sources: google');
    expect(() => sourcesConfigFromEnv({ OPENALEX_BASE_URL: 'api.openalex.org' })).toThrow(/OPENALEX_BASE_URL must be an absolute/);
    expect(() => sourcesConfigFromEnv({ PUBMED_BASE_URL: 'ftp://ncbi.example' })).toThrow(/PUBMED_BASE_URL must be an http/);
    expect(() => sourcesConfigFromEnv({ SCHOLAR_SOURCE_TIMEOUT_MS: '5s' })).toThrow(/SCHOLAR_SOURCE_TIMEOUT_MS/);
    expect(() => sourcesConfigFromEnv({ SCHOLAR_SOURCE_TIMEOUT_MS: '10' })).toThrow(/from 100 to 120000/);
  });
});
