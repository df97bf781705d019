// arXiv's Atom feed → Papers. Reads both the current format (2025 on: `arXiv Query:` titles, opensearch
// elements without inline namespaces) and the older one (inline `xmlns:opensearch`, `ArXiv Query:`).
import { parseAuthorName, type Paper } from '../../paper';
import { normaliseArxivId, normaliseDoi } from '../identifiers';
import { dateFromIso, guessLanguage, plainText } from '../paper-fields';
import { SourceError } from '../source-error';
import { arr, distinct, num, obj, str } from '../untyped';
import { parseXml, textOf } from '../xml';

export interface ArxivFeed {
  papers: Paper[];
  total: number | null;
  /** arXiv reports a bad query as a feed whose single entry is titled `Error`. */
  error: string | null;
}

/**
 * Text that was UTF-8 read as Latin-1 somewhere upstream (`RamÃ­rez`): re-read it, but only when every
 * character fits in Latin-1 and the result is valid UTF-8.
 */
export function repairMojibake(text: string): string {
  if (!/[ÂÃÄÅ][\u0080-\u00bf]/.test(text) || /[^\u0000-\u00ff]/.test(text)) return text;
  const repaired = Buffer.from(text, 'latin1').toString('utf8');
  return repaired.includes('\uFFFD') ? text : repaired;
}

const clean = (value: unknown) => {
  const text = plainText(textOf(value));
  return text ? repairMojibake(text) : null;
};

function paperFromEntry(entry: Record<string, unknown>): Paper | null {
  const arxivId = normaliseArxivId(str(entry.id));
  const title = clean(entry.title);
  if (!arxivId || !title) return null;
  const abstract = clean(entry.summary);
  const doi = normaliseDoi(textOf(entry.doi));
  const primary = str(obj(entry.primary_category).term);
  const categories = arr(entry.category).map((c) => str(obj(c).term));
  return {
    // The preprint's own id, as the local corpus has it, even when a journal DOI is known.
    id: `arXiv:${arxivId}`,
    title,
    abstract,
    authors: arr(entry.author)
      .map((a) => clean(obj(a).name))
      .filter((n): n is string => !!n)
      .map(parseAuthorName),
    issued: dateFromIso(textOf(entry.published)) ?? dateFromIso(textOf(entry.updated)),
    container: 'arXiv',
    doi,
    arxivId,
    pmid: null,
    url: `https://arxiv.org/abs/${arxivId}`,
    language: guessLanguage(`${title} ${abstract ?? ''}`),
    type: 'article',
    fields: distinct([primary, ...categories]),
    keywords: [],
    source: 'arxiv',
  };
}

export function parseArxivFeed(xml: string): ArxivFeed {
  const root = parseXml('arxiv', xml, { arrays: ['entry', 'author', 'category', 'link'] });
  if (!root.feed || typeof root.feed !== 'object') throw new SourceError('arxiv', 'malformed_response', 'arXiv answered without an Atom feed');
  const feed = obj(root.feed);
  const entries = arr(feed.entry).map(obj);
  const failed = entries.find((e) => textOf(e.title) === 'Error' || /\/api\/errors/.test(str(e.id) ?? ''));
  return {
    papers: failed ? [] : entries.map(paperFromEntry).filter((p): p is Paper => p !== null),
    total: num(textOf(feed.totalResults)),
    error: failed ? (clean(failed.summary) ?? 'arXiv reported an error') : null,
  };
}
