// Citewise's corpus format (the shared corpus's JSON Lines records) → Paper.
import { z } from 'zod';
import { parseAuthorName, type Paper } from '../paper';

const record = z.object({
  id: z.string().min(1),
  title: z.string().min(1),
  abstract: z.string().nullish(),
  authors: z.array(z.string()).default([]),
  year: z.number().int().nullish(),
  date: z.string().nullish(),
  venue: z.string().nullish(),
  doi: z.string().nullish(),
  arxiv_id: z.string().nullish(),
  pmid: z.string().nullish(),
  categories: z.array(z.string()).default([]),
  keywords: z.array(z.string()).default([]),
  url: z.string().nullish(),
  language: z.string().nullish(),
  source: z.string().default('import'),
});

export function paperFromCorpusRecord(value: unknown): Paper {
  const r = record.parse(value);
  const date = r.date ? /^(\d{4})-(\d{2})-(\d{2})/.exec(r.date) : null;
  return {
    id: r.id,
    title: r.title.trim(),
    abstract: r.abstract?.trim() || null,
    authors: r.authors.map(parseAuthorName),
    issued: date ? { year: Number(date[1]), month: Number(date[2]), day: Number(date[3]) } : r.year ? { year: r.year } : null,
    container: r.venue ?? null,
    doi: r.doi ?? null,
    arxivId: r.arxiv_id ?? null,
    pmid: r.pmid ?? null,
    url: r.url ?? null,
    language: r.language ?? null,
    type: r.arxiv_id ? 'article' : 'article-journal',
    fields: r.categories,
    keywords: r.keywords,
    source: r.source,
  };
}
