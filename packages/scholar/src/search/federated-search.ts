// Federated search: ask the chosen sources at once, each under its own timeout; merge what came back into
// works (dedupe), rank them across sources, filter, sort and page. Sources that failed, timed out or are
// switched off are reported in `sources`, and the others' results are still answered.
import type { SourceRegistry } from '../sources/registry';
import { shownTranslations, translatedWords, translateWithDictionary, type QueryTranslator } from '../translate/translate-query';
import type { SourceHit, SourceId } from '../sources/source';
import { groupDuplicates } from './dedupe';
import { compareNewest, matchesFilters } from './filters';
import { byPriority, mergePapers, type SourcedPaper } from './merge-papers';
import { contributions } from './rank';
import { runSource } from './run-source';
import { parseSearchOptions, type FederatedSearchInput } from './search-options';
import type { FederatedHit, FederatedSearchResult, SourceStatus } from './types';

export interface SearchControl {
  /** Cancels every source's request; the search then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Translates the query (translate=auto); when omitted, the registry's translator, else the bundled glossary and dictionary. */
  translate?: QueryTranslator;
}

export type { QueryTranslator };

const dictionaryTranslator: QueryTranslator = (query) => translateWithDictionary(query);

export async function searchFederated(registry: SourceRegistry, input: FederatedSearchInput, control: SearchControl = {}): Promise<FederatedSearchResult> {
  const options = parseSearchOptions(input);
  const wanted = options.sources ?? [...registry.enabled.keys()];
  const depth = options.offset + options.limit;
  const filters = options.filters;
  const translated =
    options.translate === 'auto' ? await (control.translate ?? registry.translate ?? dictionaryTranslator)(options.query, control.signal) : null;
  const translation =
    translated && translatedWords(translated).length
      ? { ...translated, searched: translatedWords(translated), shown: shownTranslations(options.query, translated) }
      : null;
  const query = {
    query: options.query,
    limit: depth,
    offset: 0,
    sort: options.sort,
    yearFrom: filters?.yearFrom,
    yearTo: filters?.yearTo,
    fields: filters?.fields,
    hasAbstract: filters?.hasAbstract,
    language: filters?.language,
    translation,
  };

  const answers = await Promise.all(
    [...new Set(wanted)].map(async (id): Promise<{ status: SourceStatus; hits: SourceHit[] }> => {
      const source = registry.enabled.get(id);
      if (!source) return { status: { source: id, state: 'disabled', message: `${id} is not switched on (SCHOLAR_SOURCES)` }, hits: [] };
      const outcome = await runSource(source, (signal) => source.search(query, signal), {
        timeoutMs: options.timeoutMs ?? registry.timeoutMs,
        signal: control.signal,
      });
      if (!outcome.ok) return { status: outcome.status, hits: [] };
      const hits = outcome.value.hits.slice(0, depth);
      return { status: { source: id, state: 'ok', returned: hits.length, total: outcome.value.total, tookMs: outcome.tookMs }, hits };
    }),
  );

  // Every record remembers which source returned it at which rank and with what weight.
  const records: Array<SourcedPaper & { rank: number; weight: number }> = [];
  for (const { status, hits } of answers) {
    const weights = contributions(hits);
    hits.forEach((hit, i) => records.push({ paper: hit.paper, source: status.source, rank: i + 1, weight: weights[i]! }));
  }
  const merged: FederatedHit[] = groupDuplicates(records, (r) => r.paper).map((members) => {
    const ranks: Partial<Record<SourceId, number>> = {};
    for (const m of members) ranks[m.source] = Math.min(ranks[m.source] ?? Infinity, m.rank);
    // A source that returned the same work twice counts once, at its better rank.
    const score = Object.entries(ranks).reduce((sum, [source]) => sum + Math.max(...members.filter((m) => m.source === source).map((m) => m.weight)), 0);
    return { paper: mergePapers(members), sources: [...new Set(byPriority(members).map((m) => m.source))], score, ranks };
  });

  const kept = merged.filter((hit) => matchesFilters(hit.paper, hit.sources, filters));
  kept.sort(
    (a, b) =>
      (options.sort === 'newest' ? compareNewest(a.paper, b.paper) : 0) ||
      b.score - a.score ||
      (a.paper.id < b.paper.id ? -1 : a.paper.id > b.paper.id ? 1 : 0),
  );
  return {
    query: options.query,
    results: kept.slice(options.offset, depth),
    total: kept.length,
    offset: options.offset,
    limit: options.limit,
    sources: answers.map((a) => a.status),
    translation,
  };
}
