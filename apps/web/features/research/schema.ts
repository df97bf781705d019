// Inputs of the research API (search, paper detail, export, reference checks), shared by the route handlers and
// the research page. Messages are `validation.*` keys so errors read in the user's language.
import { CITATION_STYLE_IDS, EXPORT_FORMATS, SOURCE_IDS, searchRecordSchema } from '@citewise/scholar';
import { z } from 'zod';
import { paperSchema } from '@/features/papers/schema';
import { MAX_BIBLIOGRAPHY_CHARS, MAX_SEARCH_PAGE } from './limits';

export { MAX_BIBLIOGRAPHY_CHARS, MAX_CHECKED_REFERENCES, MAX_SEARCH_PAGE, SEARCH_PAGE_SIZE } from './limits';

const year = z.coerce.number().int().min(1000, 'year_invalid').max(2999, 'year_invalid');
/** `a,b,c` in a query string. */
const sourceList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.enum(SOURCE_IDS, 'invalid')).min(1, 'invalid'));

export const searchQuerySchema = z
  .object({
    q: z.string().trim().min(1, 'query_required').max(500, 'query_too_long'),
    page: z.coerce.number().int().min(1, 'invalid').max(MAX_SEARCH_PAGE, 'page_too_deep').default(1),
    sort: z.enum(['relevance', 'newest'], 'invalid').default('relevance'),
    yearFrom: year.optional(),
    yearTo: year.optional(),
    sources: sourceList.optional(),
    field: z.string().trim().min(1).max(100).optional(),
    hasAbstract: z
      .enum(['true', 'false'], 'invalid')
      .transform((value) => value === 'true')
      .optional(),
    /** Papers in one language only: English (and unknown) or Chinese. */
    language: z.enum(['en', 'zh'], 'invalid').optional(),
    /** `auto`: also search the query's translation (Chinese ↔ English); `off`: only as written. */
    translate: z.enum(['auto', 'off'], 'invalid').default('auto'),
  })
  .refine((q) => q.yearFrom === undefined || q.yearTo === undefined || q.yearFrom <= q.yearTo, { message: 'year_range', path: ['yearFrom'] });

export type SearchQuery = z.output<typeof searchQuerySchema>;

export const exportRequestSchema = z
  .object({
    /** Papers of the local corpus, by id. */
    ids: z.array(z.string().min(1).max(300)).max(500, 'too_many').optional(),
    /** Papers as records (results from online sources). */
    papers: z.array(paperSchema).max(500, 'too_many').optional(),
    format: z.enum(EXPORT_FORMATS, 'invalid'),
    style: z.enum(CITATION_STYLE_IDS, 'invalid').default('apa'),
  })
  .refine((r) => (r.ids?.length ?? 0) + (r.papers?.length ?? 0) > 0, { message: 'nothing_selected', path: ['ids'] });

export type ExportRequest = z.output<typeof exportRequestSchema>;

/** A record to complete from the online sources when it lacks authors, year or venue. */
export const completePaperSchema = z.object({ paper: paperSchema });

export const citeRequestSchema = z.object({
  paper: paperSchema,
  style: z.enum(CITATION_STYLE_IDS, 'invalid'),
});

/** A bibliography to check: pasted text, or the text of an uploaded BibTeX/RIS/CSL-JSON file. */
export const referenceFileFormats = ['bibtex', 'ris', 'csl-json'] as const;

export const verifyRequestSchema = z.object({
  text: z.string().trim().min(1, 'bibliography_required').max(MAX_BIBLIOGRAPHY_CHARS, 'file_too_large'),
  /** Set for an uploaded file; detected from the text when absent. */
  format: z.enum(['plain', ...referenceFileFormats], 'invalid').optional(),
});

export type VerifyRequest = z.output<typeof verifyRequestSchema>;

/** Searches a replay sends again: every search of one search log (a review plans at most three; ten is ample). */
export const MAX_REPLAYED_SEARCHES = 10;

/** The searches of a search log to send again ("Run again"), as the log recorded them. */
export const replaySearchesSchema = z.object({
  searches: z.array(searchRecordSchema).min(1).max(MAX_REPLAYED_SEARCHES),
});

export type ReplaySearchesRequest = z.output<typeof replaySearchesSchema>;
