// BibTeX / BibLaTeX → Paper. citation-js parses the syntax and decodes LaTeX ({\"o} → ö, \& → &, math); the field
// mapping is ours, so that everything `toBibtex` writes comes back (arXiv eprints, `citewise-*` fields).
import { plugins } from '@citation-js/core';
import '@citation-js/plugin-bibtex';
import type { Paper } from '../paper';
import { splitNames, splitTopLevel, MONTHS } from './bibtex-values';
import { cslTypeFor } from './bibtex-types';
import type { BibtexChunk } from './bibtex-split';
import { paperFromCsl, normaliseDoi, type CslItem, type CslName } from './csl-item';
import { derivePaperId } from './paper-id';

interface RawEntry {
  type: string;
  label: string;
  properties: Record<string, string | number>;
}

// Placeholders that survive citation-js's decoding: a paragraph break, and literal < > (which must not be taken
// for the <i> <b> tags citation-js writes for \emph and \textbf).
const PARAGRAPH = '\uE000';
const LESS = '\uE001';
const GREATER = '\uE002';
const VERBATIM = new Set(['url', 'doi', 'eprint', 'pmid', 'pages', 'archiveprefix', 'eprinttype', 'primaryclass', 'date', 'year', 'month', 'day']);
const NAMES = new Set(['author', 'editor']);

/** Parses one entry (with the file's `@string` definitions); throws with the reason when it is broken. */
export function paperFromBibtex(chunk: Pick<BibtexChunk, 'text' | 'key'>, strings: string[] = [], defaults: { source?: string } = {}): Paper {
  const raw = parseRaw([...strings, chunk.text].join('\n'));
  if (raw.length !== 1) throw new Error(raw.length ? 'more than one entry' : 'no entry found');
  const entry = raw[0]!;
  const f = entry.properties;
  const decoded = decodeFields(f);
  const get = (name: string) => decoded.get(name);
  const verbatim = (name: string) => (f[name] === undefined || String(f[name]).trim() === '' ? undefined : String(f[name]).trim());

  const prefix = (verbatim('archiveprefix') ?? verbatim('eprinttype') ?? '').toLowerCase();
  const eprint = verbatim('eprint');
  const arxivId = eprint && (prefix === 'arxiv' || /^arxiv:/i.test(eprint)) ? eprint.replace(/^arxiv:/i, '') : null;
  const ours = f['citewise-id'] !== undefined;
  const type = get('citewise-type') ?? cslTypeFor(entry.type, arxivId !== null);
  const item: CslItem = {
    id: get('citewise-id') ?? '',
    type,
    title: get('title'),
    abstract: get('abstract'),
    author: names(f.author),
    issued: issued(f),
    'container-title': get('journal') ?? get('journaltitle') ?? get('booktitle'),
    DOI: verbatim('doi'),
    PMID: verbatim('pmid') ?? (prefix === 'pubmed' ? eprint : undefined),
    URL: verbatim('url'),
    language: get('language') ?? langid(get('langid')),
    volume: get('volume'),
    // BibTeX's `number` of an article is its issue.
    issue: entry.type.toLowerCase() === 'article' ? (get('number') ?? get('issue')) : get('issue'),
    number: entry.type.toLowerCase() === 'article' ? get('citewise-number') : get('number'),
    page: verbatim('pages')?.replace(/\s*--\s*/g, '-'),
    edition: get('edition'),
    publisher: get('publisher'),
    'publisher-place': get('address') ?? get('location'),
    'event-title': get('eventtitle'),
    ISBN: get('isbn'),
    ISSN: get('issn'),
    custom: {
      arxivId: arxivId ?? (ours ? null : arxivFromLinks(verbatim('doi'), verbatim('url'))),
      fields: ours ? list(f['citewise-fields']) : [verbatim('primaryclass')].filter((c): c is string => !!c),
      keywords: list(f.keywords),
      source: get('citewise-source') ?? defaults.source ?? 'bibtex',
    },
  };
  const paper = paperFromCsl({ ...item, id: item.id || 'pending' }, defaults);
  if (!ours) paper.id = derivePaperId(paper, `bibtex:${entry.label || chunk.key || 'entry'}`);
  return paper;
}

function parseRaw(text: string): RawEntry[] {
  // The \par command (how the writer keeps line breaks) becomes a placeholder that survives decoding.
  const marked = text
    .replace(/\\par(?![A-Za-z])\s*/g, PARAGRAPH)
    .replace(/\\textless(?![A-Za-z])(?:\{\})?|</g, LESS)
    .replace(/\\textgreater(?![A-Za-z])(?:\{\})?|>/g, GREATER);
  return plugins.input.chain(marked, { forceType: '@biblatex/text', target: '@biblatex/entries+list', generateGraph: false }) as RawEntry[];
}

/** Decodes the LaTeX of every text field at once: one synthetic entry per field, parsed as a title. */
function decodeFields(fields: Record<string, string | number>): Map<string, string> {
  const names = Object.keys(fields).filter((name) => !VERBATIM.has(name) && !NAMES.has(name) && String(fields[name]).trim() !== '');
  if (names.length === 0) return new Map();
  const text = names.map((name, i) => `@misc{f${i}, title = {${fields[name]}}}`).join('\n');
  const items = plugins.input.chain(text, { forceType: '@biblatex/text', generateGraph: false }) as CslItem[];
  const byId = new Map(items.map((item) => [item.id, item.title ?? '']));
  return new Map(names.map((name, i) => [name, cleanText(byId.get(`f${i}`) ?? '')]));
}

/** citation-js renders \emph, \textbf, … as CSL rich-text tags; a Paper holds plain text. */
function cleanText(value: string): string {
  return (
    value
      .replace(/<\/?(?:i|b|sup|sub)>|<span class="nocase">|<span style="[^"]*">|<\/span>/g, '')
      .replace(new RegExp(`\\s*${PARAGRAPH}\\s*`, 'g'), '\n')
      // {\'\i} (accent on a dotless i) is how LaTeX writes í.
      .replace(/ı(?=[\u0300-\u036f])/g, 'i')
      .normalize('NFC')
      .replaceAll(LESS, '<')
      .replaceAll(GREATER, '>')
      .trim()
  );
}

function names(raw: string | number | undefined): CslName[] | undefined {
  if (raw === undefined || String(raw).trim() === '') return undefined;
  const parts = splitNames(String(raw));
  const parsed = plugins.input.chain(`@misc{n, author = {${raw}}}`, { forceType: '@biblatex/text', generateGraph: false }) as CslItem[];
  const decoded = parsed[0]?.author ?? [];
  return parts.flatMap((part, i): CslName[] => {
    if (part === 'others') return []; // "and others" marks a shortened list, not a person
    const name = decoded[i] ?? {};
    // A name wrapped whole in braces is one that cannot be split: an institution, or a name given as is.
    if (/^\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}$/.test(part)) return [{ literal: cleanText(name.family ?? name.literal ?? part.slice(1, -1)) }];
    const clean: CslName = {};
    for (const [part, value] of Object.entries(name) as Array<[keyof CslName, string | undefined]>) if (value) clean[part] = cleanText(value);
    return [clean];
  });
}

function issued(f: Record<string, string | number>): CslItem['issued'] {
  const date = /^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?/.exec(String(f.date ?? ''));
  if (date) return { 'date-parts': [date.slice(1).filter(Boolean).map(Number)] };
  const year = /\d{4}/.exec(String(f.year ?? ''))?.[0];
  if (!year) return undefined;
  const month = monthNumber(f.month);
  const day = Number(f.day);
  return { 'date-parts': [[Number(year), ...(month ? [month, ...(day >= 1 && day <= 31 ? [day] : [])] : [])]] };
}

function monthNumber(raw: string | number | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const text = String(raw).trim().toLowerCase();
  const n = /^\d+$/.test(text) ? Number(text) : MONTHS.indexOf(text.slice(0, 3)) + 1;
  return n >= 1 && n <= 12 ? n : undefined;
}

function list(raw: string | number | undefined): string[] {
  if (raw === undefined) return [];
  const items = splitTopLevel(String(raw)).map((part) => (/^\{.*\}$/.test(part) ? part.slice(1, -1) : part));
  const decoded = decodeFields(Object.fromEntries(items.map((item, i) => [`k${i}`, item])));
  return items.map((item, i) => decoded.get(`k${i}`) ?? item);
}

const LANGIDS: Record<string, string> = {
  english: 'en',
  american: 'en',
  british: 'en',
  chinese: 'zh',
  schinese: 'zh',
  german: 'de',
  ngerman: 'de',
  french: 'fr',
  japanese: 'ja',
  spanish: 'es',
  russian: 'ru',
};
const langid = (value: string | undefined) => (value ? LANGIDS[value.toLowerCase()] : undefined);

function arxivFromLinks(doi: string | undefined, url: string | undefined): string | null {
  const fromDoi = /^10\.48550\/arxiv\.(.+)$/i.exec(normaliseDoi(doi ?? null) ?? '')?.[1];
  const fromUrl = /arxiv\.org\/(?:abs|pdf)\/(.+?)(?:v\d+)?(?:\.pdf)?$/i.exec(url ?? '')?.[1];
  return fromDoi ?? fromUrl ?? null;
}
