// Formatted references: a bibliography, its entries one by one, and in-text citations, as text or HTML.
import { plugins } from '@citation-js/core';
import type { Paper } from '../paper';
import { paperToCsl, type CslItem } from './csl-item';
import { registerCitationStyles, styleLocale, templateName } from './engine';
import { hanNameAsLiteral, isChinese } from './language';
import { getCitationStyle, type CitationStyle, type CitationStyleId } from './styles';

export type CitationOutput = 'text' | 'html';

export interface FormatOptions {
  style: CitationStyleId;
  /** `text` (default) or `html` (citeproc's markup: `csl-bib-body`, `csl-entry`, `<i>`, `<sup>`). */
  format?: CitationOutput;
}

/** The whole reference list in the style's order (cited order for numeric styles, author and year otherwise). */
export function formatBibliography(papers: Paper[], options: FormatOptions): string {
  const { output, realId } = render('bibliography', papers, options, {});
  const text = withRealIds(output as string, realId);
  return (options.format ?? 'text') === 'text' ? text.replace(/\n$/, '') : text;
}

/** The reference list as separate entries with the paper id of each, in bibliography order. */
export function formatBibliographyEntries(papers: Paper[], options: FormatOptions): Array<{ id: string; reference: string }> {
  const { output, realId } = render('bibliography', papers, options, { asEntryArray: true });
  return (output as Array<[string, string]>).map(([id, reference]) => ({ id: realId(id), reference: withRealIds(reference, realId).trim() }));
}

/**
 * One paper's reference on its own, as in a paper's "cite" panel: without the list number that numeric styles put
 * in front ("[1] ", "1. ").
 */
export function formatReference(paper: Paper, options: FormatOptions): string {
  const entry = formatBibliographyEntries([paper], options)[0]?.reference ?? '';
  const html = options.format === 'html' ? entry : (formatBibliographyEntries([paper], { ...options, format: 'html' })[0]?.reference ?? '');
  const margin = /<div class="csl-left-margin">([\s\S]*?)<\/div>/.exec(html);
  if (!margin) return options.format === 'html' ? (/^<div[^>]*>([\s\S]*)<\/div>$/.exec(entry)?.[1] ?? entry).trim() : entry;
  if (options.format === 'html') return /<div class="csl-right-inline">([\s\S]*?)<\/div>/.exec(html)?.[1]?.trim() ?? entry;
  return entry.startsWith(margin[1]!.trim()) ? entry.slice(margin[1]!.trim().length).trimStart() : entry;
}

/**
 * An in-text citation of `cite` (paper ids, default all), numbered and disambiguated as in the bibliography of
 * `papers`: "[1-3]", "(Vaswani et al., 2017; 张三 等, 2020)".
 */
export function formatCitation(papers: Paper[], options: FormatOptions & { cite?: string[] }): string {
  const ids = unique(papers).map((p) => p.id);
  const cite = options.cite ?? ids;
  for (const id of cite) if (!ids.includes(id)) throw new RangeError(`cannot cite "${id}": it is not among the papers given`);
  // Citing the whole list first gives every paper its bibliography number before the citation asked for.
  const internal = (id: string) => ({ id: itemId(ids.indexOf(id)) });
  const citationsPre = options.cite ? [ids.map(internal)] : [];
  return render('citation', papers, options, { entry: cite.map(internal), citationsPre }).output as string;
}

function render(kind: 'bibliography' | 'citation', papers: Paper[], options: FormatOptions, extra: Record<string, unknown>) {
  const style = getCitationStyle(options.style);
  registerCitationStyles();
  const list = unique(papers);
  // citeproc sees positional ids: paper ids come from imported files, and citation-js writes the ids it gets
  // into an HTML attribute without escaping them.
  const data = list.map((paper, i) => ({ ...cslForRendering(paper, style), id: itemId(i) }));
  const output = plugins.output.format(kind, data, {
    template: templateName(style.id),
    lang: styleLocale(style.id),
    format: options.format ?? 'text',
    ...extra,
  });
  const realId = (id: string) => list[Number(id.slice(ITEM.length))]?.id ?? id;
  return { output, realId };
}

const ITEM = 'item-';
const itemId = (index: number) => `${ITEM}${index}`;

/** Puts the papers' own ids, escaped, into the entries' `data-csl-entry-id` attributes. */
function withRealIds(html: string, realId: (id: string) => string): string {
  return html.replace(/data-csl-entry-id="(item-\d+)"/g, (_, id: string) => `data-csl-entry-id="${escapeAttribute(realId(id))}"`);
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The CSL item a style sees. Chinese names are one word ("张三", never "张, 三" or "三 张"); for GB/T 7714 every item
 * is declared Chinese or English so that the bilingual style picks its layout (等 or et al.).
 */
export function cslForRendering(paper: Paper, style: CitationStyle): CslItem {
  const item = paperToCsl({ ...paper, authors: paper.authors.map(hanNameAsLiteral) });
  delete item.custom;
  if (style.bilingual) item.language = isChinese(paper) ? 'zh-CN' : 'en-US';
  // GB/T author-date names an authorless work 佚名 / Anon through a substitute macro, which citeproc's year
  // collapsing then merges into the cite before it ("(Devlin et al., 2019, 佚名)"); naming it directly avoids that.
  if (style.id === 'gb-t-7714-2015-author-date' && !paper.authors.length) item.author = [{ literal: isChinese(paper) ? '佚名' : 'Anon' }];
  return item;
}

/** A paper listed twice would confuse citeproc's registry; the first one counts. */
function unique(papers: Paper[]): Paper[] {
  const seen = new Set<string>();
  return papers.filter((p) => !seen.has(p.id) && (seen.add(p.id), true));
}
