'use client';

import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useDebounced } from '@/hooks/use-debounced';
import { usePdfFind } from './pdf-find';
import type { PageHighlight } from './pdf-page-view';
import type { PdfPagesHandle } from './pdf-pages';

const NONE: readonly PageHighlight[] = [];

/**
 * Find in an open PDF: the query, the matches over all pages, which one is current, each page's highlights, and
 * taking the reader to the current match (to its page first when that page is not drawn yet, then to the match).
 */
export function usePdfFindState(doc: PDFDocumentProxy | null, pages: RefObject<PdfPagesHandle | null>) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const settled = useDebounced(query, 200);
  const find = usePdfFind(open ? doc : null, settled);
  // The current match, kept with the query it belongs to: a new query starts at its first match.
  const [at, setAt] = useState({ query: '', index: 0 });
  const total = find.matches.length;
  const index = at.query === find.query && total ? Math.min(at.index, total - 1) : 0;
  const current = total ? find.matches[index]! : null;
  const currentKey = current ? `${find.query}:${current.page}:${current.start}` : null;
  const scrolledTo = useRef<string | null>(null);

  const highlightsOf = useMemo(() => {
    const byPage = new Map<number, PageHighlight[]>();
    find.matches.forEach((match, i) => {
      const list = byPage.get(match.page) ?? [];
      list.push({ start: match.start, end: match.end, current: i === index });
      byPage.set(match.page, list);
    });
    return (page: number) => byPage.get(page) ?? NONE;
  }, [find.matches, index]);

  // The page's text layer marked the current match: bring it into view, once per match.
  const onCurrentMark = useCallback(
    (mark: HTMLElement) => {
      if (!currentKey || scrolledTo.current === currentKey) return;
      scrolledTo.current = currentKey;
      mark.scrollIntoView({ block: 'center', inline: 'nearest' });
    },
    [currentKey],
  );
  // Runs after the pages' own effects: when the match's page had no mark to show yet, go to the page.
  useEffect(() => {
    if (current && currentKey && scrolledTo.current !== currentKey) pages.current?.scrollToPage(current.page);
  }, [current, currentKey, pages]);

  const step = (by: 1 | -1) => total && setAt({ query: find.query, index: (index + by + total) % total });
  const close = () => {
    setOpen(false);
    setQuery('');
    scrolledTo.current = null;
  };
  return { open, setOpen, query, setQuery, total, current: current ? index + 1 : 0, searching: find.searching, highlightsOf, onCurrentMark, step, close };
}
