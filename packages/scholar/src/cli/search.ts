// `scholar search`: one query through federated search (the local corpus plus the online sources switched on
// with SCHOLAR_SOURCES), as JSON or text; or a batch of queries for evaluation, printing ids as imported.
//
//   scholar search [--json] [--limit N] [--offset N] [--sources local,openalex,…] [--sort relevance|newest]
//                  [--year-from Y] [--year-to Y] [--field F]… [--has-abstract] [--language en|zh]
//                  [--translate auto|off] [--timeout MS] QUERY
//   scholar search --queries FILE [--limit N] [--sources local]   (JSON lines {"_id","text"} → {"query_id","ids"})
import fs from 'node:fs';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import type { Database } from '@citewise/db';
import { searchFederated } from '../search/federated-search';
import type { FederatedSearchInput } from '../search/search-options';
import type { FederatedSearchResult } from '../search/types';
import { sourcesConfigFromEnv } from '../sources/config';
import { createSources, type SourceRegistry } from '../sources/registry';
import { isSourceId, SOURCE_IDS, type SourceId } from '../sources/source';
import { describeStatus } from './describe-status';

const OPTIONS = {
  json: { type: 'boolean', default: false },
  limit: { type: 'string', default: '10' },
  offset: { type: 'string', default: '0' },
  sources: { type: 'string' },
  sort: { type: 'string', default: 'relevance' },
  'year-from': { type: 'string' },
  'year-to': { type: 'string' },
  field: { type: 'string', multiple: true },
  'has-abstract': { type: 'boolean', default: false },
  timeout: { type: 'string' },
  queries: { type: 'string' },
  language: { type: 'string' },
  translate: { type: 'string', default: 'auto' },
} as const;

function number(name: string, value: string | undefined) {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new Error(`--${name} must be a whole number; got ${JSON.stringify(value)}`);
  return Number(value);
}

export function sourceList(text: string | undefined, fallback: SourceId[]): SourceId[] {
  if (text === undefined) return fallback;
  const names = text
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const unknown = names.filter((n) => !isSourceId(n));
  if (unknown.length || !names.length) throw new Error(`unknown source ${unknown.join(', ') || '(none)'}; sources: ${SOURCE_IDS.join(', ')}`);
  return names as SourceId[];
}

const resultJson = (result: FederatedSearchResult) => ({
  query: result.query,
  translation: result.translation,
  total: result.total,
  offset: result.offset,
  limit: result.limit,
  sources: result.sources,
  results: result.results.map(({ paper: p, sources, score }) => ({
    id: p.id,
    title: p.title,
    year: p.issued?.year ?? null,
    authors: p.authors,
    container: p.container,
    doi: p.doi,
    arxiv_id: p.arxivId,
    pmid: p.pmid,
    url: p.url,
    language: p.language,
    type: p.type,
    source: p.source,
    sources,
    score: Number(score.toFixed(6)),
  })),
});

async function batch(registry: SourceRegistry, file: string, base: Omit<FederatedSearchInput, 'query'>) {
  const lines = readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity });
  let number = 0;
  for await (const line of lines) {
    number++;
    if (!line.trim()) continue;
    let query: { _id?: unknown; text?: unknown };
    try {
      query = JSON.parse(line) as typeof query;
    } catch {
      throw new Error(`${file}:${number}: not valid JSON`);
    }
    if (typeof query.text !== 'string' || query._id === undefined) throw new Error(`${file}:${number}: needs "_id" and "text"`);
    const result = await searchFederated(registry, { ...base, query: query.text });
    process.stdout.write(`${JSON.stringify({ query_id: query._id, ids: result.results.map((r) => r.paper.id) })}\n`);
  }
}

export async function search(db: Database, args: string[]) {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: OPTIONS });
  const registry = createSources(sourcesConfigFromEnv(), { db });
  if (values.sort !== 'relevance' && values.sort !== 'newest') throw new Error('--sort must be relevance or newest');
  const yearFrom = number('year-from', values['year-from']);
  const yearTo = number('year-to', values['year-to']);
  if (values.translate !== 'auto' && values.translate !== 'off') throw new Error('--translate must be auto or off');
  if (values.language !== undefined && values.language !== 'en' && values.language !== 'zh') throw new Error('--language must be en or zh');
  const filters = {
    yearFrom,
    yearTo,
    fields: values.field,
    hasAbstract: values['has-abstract'] || undefined,
    language: values.language as 'en' | 'zh' | undefined,
  };
  const base = {
    translate: values.translate,
    limit: number('limit', values.limit),
    offset: number('offset', values.offset),
    sort: values.sort,
    timeoutMs: number('timeout', values.timeout),
    filters: Object.values(filters).some((v) => v !== undefined) ? filters : undefined,
  } satisfies Omit<FederatedSearchInput, 'query'>;
  // Evaluation runs compare ids with the imported corpus: the local corpus alone unless told otherwise.
  if (values.queries) return batch(registry, values.queries, { ...base, sources: sourceList(values.sources, ['local']) });

  const query = positionals.join(' ').trim();
  if (!query) throw new Error('search needs a QUERY');
  const result = await searchFederated(registry, { ...base, query, sources: sourceList(values.sources, [...registry.enabled.keys()]) });
  if (result.sources.every((s) => s.state !== 'ok')) process.exitCode = 1;
  if (values.json) {
    process.stdout.write(`${JSON.stringify(resultJson(result), null, 2)}\n`);
    return;
  }
  for (const status of result.sources) if (status.state !== 'ok') console.error(describeStatus(status));
  if (result.translation) {
    const how = result.translation.shown.map((t) => `${t.source} → ${t.target} (${t.via})`);
    console.log(`Also searched in ${result.translation.to === 'en' ? 'English' : 'Chinese'}: ${how.join(', ')}`);
  }
  for (const [i, { paper, sources }] of result.results.entries()) {
    console.log(`${String(result.offset + i + 1).padStart(3)}. ${paper.title} (${paper.issued?.year ?? 'n.d.'}) [${paper.id}] {${sources.join(', ')}}`);
  }
  console.log(`${result.total} matching papers`);
}
