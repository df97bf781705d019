/** What the shared paper components read in the browser: save, cite, the paper panel and record, sources, export, the search log. */
export const paperMessages = [
  'research.save',
  'research.cite',
  'research.paper',
  'research.record',
  'research.search.source',
  'research.export',
  'research.searchLog',
] as const;
