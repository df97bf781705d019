// Crossref work types → CSL item types (Crossref's list: api.crossref.org/types); OpenAlex's older `type_crossref` uses them too.

const TYPES: Record<string, string> = {
  'journal-article': 'article-journal',
  'proceedings-article': 'paper-conference',
  'book-chapter': 'chapter',
  'book-section': 'chapter',
  'book-part': 'chapter',
  book: 'book',
  monograph: 'book',
  'edited-book': 'book',
  'reference-book': 'book',
  'book-set': 'book',
  'book-series': 'book',
  'posted-content': 'article',
  dissertation: 'thesis',
  report: 'report',
  'report-component': 'report',
  'report-series': 'report',
  dataset: 'dataset',
  database: 'dataset',
  'reference-entry': 'entry-encyclopedia',
  standard: 'standard',
  'peer-review': 'review',
  component: 'document',
  grant: 'document',
  other: 'document',
  proceedings: 'book',
  journal: 'periodical',
  'journal-issue': 'periodical',
  'journal-volume': 'periodical',
};

export const cslTypeFromCrossref = (type: string | null): string | null => (type ? (TYPES[type] ?? null) : null);
