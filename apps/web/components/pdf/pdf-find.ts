'use client';

import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useState } from 'react';

/** One place the search text occurs: a page and character offsets into that page's text (see pageText). */
export type PdfMatch = { page: number; start: number; end: number };

/** Pages' text per open document, so a new query does not read the pages again. */
const texts = new WeakMap<PDFDocumentProxy, Map<number, Promise<string>>>();

/**
 * A page's text as its text layer holds it: the items' strings one after another (pdf.js gives the text layer one
 * span per item, in this order), so offsets found here are offsets into the layer's text nodes.
 */
export function pageText(doc: PDFDocumentProxy, page: number): Promise<string> {
  let pages = texts.get(doc);
  if (!pages) texts.set(doc, (pages = new Map()));
  let text = pages.get(page);
  if (!text) {
    text = doc
      .getPage(page)
      .then((proxy) => proxy.getTextContent())
      .then((content) => content.items.map((item) => ('str' in item ? item.str : '')).join(''));
    text.catch(() => pages.delete(page));
    pages.set(page, text);
  }
  return text;
}

/** Lower case where that keeps the length (offsets must stay offsets); Chinese has no case and stays as it is. */
export function foldCase(text: string): string {
  let out = '';
  for (const char of text) {
    const lower = char.toLowerCase();
    out += lower.length === char.length ? lower : char;
  }
  return out;
}

/** Every occurrence of `query` in `text`, case-insensitive, not overlapping. */
export function findIn(text: string, query: string): Array<{ start: number; end: number }> {
  const needle = foldCase(query);
  if (!needle) return [];
  const haystack = foldCase(text);
  const found: Array<{ start: number; end: number }> = [];
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length)) {
    found.push({ start: at, end: at + needle.length });
  }
  return found;
}

/**
 * The matches of `query` in the whole document, page by page: the count grows as pages are read (a long PDF is
 * read in the background, its first matches shown at once); `searching` until the last page is read.
 */
export function usePdfFind(doc: PDFDocumentProxy | null, query: string): { matches: PdfMatch[]; searching: boolean; query: string } {
  const [state, setState] = useState<{ doc: PDFDocumentProxy | null; query: string; matches: PdfMatch[]; searching: boolean }>({
    doc: null,
    query: '',
    matches: [],
    searching: false,
  });
  useEffect(() => {
    if (!doc || !query.trim()) return;
    let gone = false;
    (async () => {
      const matches: PdfMatch[] = [];
      setState({ doc, query, matches: [], searching: true });
      for (let page = 1; page <= doc.numPages; page++) {
        const text = await pageText(doc, page).catch(() => '');
        if (gone) return;
        for (const range of findIn(text, query.trim())) matches.push({ page, ...range });
        // Shown every few pages, so the first matches of a long PDF appear without waiting for its end.
        if (page % 8 === 0 || page === doc.numPages) setState({ doc, query, matches: [...matches], searching: page < doc.numPages });
      }
    })();
    return () => {
      gone = true;
    };
  }, [doc, query]);
  if (!doc || !query.trim() || state.doc !== doc || state.query !== query) return { matches: [], searching: Boolean(doc && query.trim()), query };
  return state;
}

const MARK = 'pdf-match';

/**
 * Marks the ranges (offsets into the layer's text, as pageText counts them) in a rendered text layer, replacing the
 * marks it had; the current match gets `data-current`. Answers the current match's element, if it is on this page.
 */
export function markMatches(layer: HTMLElement, ranges: Array<{ start: number; end: number; current: boolean }>): HTMLElement | null {
  for (const mark of layer.querySelectorAll(`mark.${MARK}`)) mark.replaceWith(...mark.childNodes);
  layer.normalize();
  if (ranges.length === 0) return null;
  const nodes: Array<{ node: Text; from: number }> = [];
  const walker = document.createTreeWalker(layer, NodeFilter.SHOW_TEXT);
  let offset = 0;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    nodes.push({ node: node as Text, from: offset });
    offset += (node as Text).data.length;
  }
  let current: HTMLElement | null = null;
  // From the last node back, and within a node from the last range back, so earlier offsets stay valid.
  for (const { node, from } of nodes.reverse()) {
    const to = from + node.data.length;
    const inside = ranges.filter((range) => range.start < to && range.end > from).sort((a, b) => b.start - a.start);
    for (const range of inside) {
      const start = Math.max(range.start, from) - from;
      const end = Math.min(range.end, to) - from;
      const piece = node.splitText(start);
      piece.splitText(end - start);
      const mark = document.createElement('mark');
      mark.className = MARK;
      if (range.current) {
        mark.dataset.current = 'true';
        current = mark;
      }
      piece.replaceWith(mark);
      mark.append(piece);
    }
  }
  return current;
}
