// A paper record as research, library, notes and the AI review send it back to the server. Messages are
// `validation.*` keys so errors read in the user's language.
import { z } from 'zod';

const text = (max: number) => z.string().max(max, 'too_long');
const nullableText = (max: number) => text(max).nullable();

/** A paper record as the client sends it back (a result from an online source has no row in the corpus). */
export const paperSchema = z.object({
  id: z.string().trim().min(1, 'invalid').max(300, 'too_long'),
  title: z.string().trim().min(1, 'invalid').max(2000, 'too_long'),
  abstract: nullableText(20_000),
  authors: z.array(z.object({ family: text(300).optional(), given: text(300).optional(), literal: text(300).optional() })).max(500, 'too_long'),
  issued: z
    .object({ year: z.number().int().min(0).max(3000), month: z.number().int().min(1).max(12).optional(), day: z.number().int().min(1).max(31).optional() })
    .nullable(),
  container: nullableText(1000),
  doi: nullableText(300),
  arxivId: nullableText(100),
  pmid: nullableText(50),
  url: nullableText(2000),
  language: nullableText(35),
  type: text(100),
  fields: z.array(text(200)).max(100, 'too_long'),
  keywords: z.array(text(200)).max(200, 'too_long'),
  source: text(100),
  citationCount: z.number().int().min(0).nullable().optional(),
  // Rendered as a link: only http(s).
  openAccessPdf: z
    .url({ protocol: /^https?$/, error: 'invalid' })
    .max(2000, 'too_long')
    .nullable()
    .optional(),
  details: z.record(z.string(), text(1000)).optional(),
});
