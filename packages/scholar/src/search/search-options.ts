// What a federated search accepts, as a zod schema the product API can reuse for its own validation.
import { z } from 'zod';
import { SOURCE_IDS } from '../sources/source';
import { InvalidInputError } from './invalid-input';

/** Each source is asked for offset + limit results: deeper pages are not served. */
export const MAX_SEARCH_DEPTH = 200;

const year = z.number().int().min(1000).max(2999);

export const searchFiltersSchema = z
  .object({
    yearFrom: year.optional(),
    yearTo: year.optional(),
    /** Keep only works that at least one of these sources returned. */
    sources: z.array(z.enum(SOURCE_IDS)).min(1).optional(),
    /** Subject areas as sources name them (`cs.CL`, `Computer Science`, `工学`), compared without case. */
    fields: z.array(z.string().trim().min(1)).min(1).optional(),
    hasAbstract: z.boolean().optional(),
    /** Papers in this language only: English (and unknown) or Chinese. */
    language: z.enum(['en', 'zh']).optional(),
  })
  .refine((f) => f.yearFrom === undefined || f.yearTo === undefined || f.yearFrom <= f.yearTo, {
    message: 'yearFrom must not be after yearTo',
    path: ['yearFrom'],
  });

export const federatedSearchSchema = z
  .object({
    query: z.string().trim().min(1, 'query must not be empty').max(1000),
    /** Sources to ask; all switched-on sources when omitted. */
    sources: z.array(z.enum(SOURCE_IDS)).min(1).optional(),
    filters: searchFiltersSchema.optional(),
    sort: z.enum(['relevance', 'newest']).default('relevance'),
    limit: z.number().int().min(1).max(100).default(20),
    offset: z.number().int().min(0).default(0),
    /** Per-source timeout in ms; the registry's default when omitted. */
    timeoutMs: z.number().int().min(1).max(120_000).optional(),
    /** `auto`: a Chinese query also searches its English translation and an English one its Chinese; `off`: as written. */
    translate: z.enum(['auto', 'off']).default('auto'),
  })
  .refine((o) => o.offset + o.limit <= MAX_SEARCH_DEPTH, { message: `offset + limit must not exceed ${MAX_SEARCH_DEPTH}`, path: ['offset'] });

export type FederatedSearchInput = z.input<typeof federatedSearchSchema>;
export type FederatedSearchOptions = z.output<typeof federatedSearchSchema>;
export type SearchFilters = z.output<typeof searchFiltersSchema>;

export function parseSearchOptions(input: unknown): FederatedSearchOptions {
  const parsed = federatedSearchSchema.safeParse(input);
  if (!parsed.success) throw InvalidInputError.fromZod('search', parsed.error);
  return parsed.data;
}
