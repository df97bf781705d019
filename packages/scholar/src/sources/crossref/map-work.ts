// A Crossref work (the `message` of /works/{doi}, or an item of a /works list) → Paper. Publisher-deposited
// metadata varies a lot: titles may have subtitles, dates may be `[[null]]`, abstracts are JATS XML, authors may
// be organisations (`name`), and `select=` answers carry only a few fields.
import type { Author, Paper } from '../../paper';
import { cslTypeFromCrossref } from '../csl-types';
import { arxivIdFromDoi, normaliseDoi } from '../identifiers';
import { canonicalId, dateFromParts, detailsOf, guessLanguage, languageTag, plainText } from '../paper-fields';
import { arr, distinct, num, obj, str, type Untyped } from '../untyped';

function dateOf(work: Untyped) {
  for (const key of ['issued', 'published-print', 'published-online', 'published']) {
    const [parts] = arr(obj(work[key])['date-parts']);
    const [year, month, day] = arr(parts);
    const date = dateFromParts(year, month, day);
    if (date) return date;
  }
  return null;
}

function authorOf(value: unknown): Author | null {
  const a = obj(value);
  const family = str(a.family);
  const given = str(a.given);
  if (family) return given ? { given, family } : { family };
  const name = str(a.name);
  return name ? { literal: name } : null;
}

/** JATS abstract → text, without the leading `<jats:title>Abstract</jats:title>` heading. */
function abstractOf(jats: string | null) {
  if (!jats) return null;
  const text = plainText(jats.replace(/^\s*<jats:title>\s*abstract\s*<\/jats:title>/i, ''));
  return text?.replace(/^abstract[:.]?\s+/i, '') || null;
}

export function paperFromCrossrefWork(value: unknown): Paper | null {
  const work = obj(value);
  const main = plainText(str(arr(work.title)[0]));
  if (!main) return null;
  const subtitle = plainText(str(arr(work.subtitle)[0]));
  const title = subtitle && !main.toLowerCase().includes(subtitle.toLowerCase()) ? `${main}: ${subtitle}` : main;
  const rawDoi = normaliseDoi(str(work.DOI));
  const arxivId = arxivIdFromDoi(rawDoi);
  const doi = arxivId ? null : rawDoi;
  const abstract = abstractOf(str(work.abstract));
  const type = cslTypeFromCrossref(str(work.type)) ?? 'article-journal';
  const details = detailsOf({ volume: str(work.volume), issue: str(work.issue), page: str(work.page) });
  return {
    id: canonicalId({ doi, arxivId, pmid: null }, `crossref:${rawDoi ?? title}`),
    title,
    abstract,
    authors: arr(work.author)
      .map(authorOf)
      .filter((a): a is Author => a !== null),
    issued: dateOf(work),
    container: plainText(str(arr(work['container-title'])[0])) ?? str(obj(arr(work.institution)[0]).name),
    doi,
    arxivId,
    pmid: null,
    url: str(work.URL) ?? (rawDoi ? `https://doi.org/${rawDoi}` : null),
    language: languageTag(str(work.language)) ?? guessLanguage(`${title} ${abstract ?? ''}`),
    type: str(work.subtype) === 'preprint' ? 'article' : type,
    fields: distinct(arr(work.subject).map(str)),
    keywords: [],
    citationCount: num(work['is-referenced-by-count']) ?? null,
    source: 'crossref',
    ...(details ? { details } : {}),
  };
}
