'use client';

import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useCallback, useEffect, useImperativeHandle, useRef, useState, type Ref, type RefObject } from 'react';
import { PdfPageView, type PageHighlight } from './pdf-page-view';

export type PdfPagesHandle = { scrollToPage: (page: number) => void };

type Props = {
  doc: PDFDocumentProxy;
  zoom: number;
  /** The scrolling element the pages are in (positioned, so the slots' offsets are measured from it). */
  scroller: RefObject<HTMLDivElement | null>;
  handle: Ref<PdfPagesHandle>;
  labelOf: (page: number) => string;
  highlightsOf: (page: number) => readonly PageHighlight[];
  /** The page at the top third of the view, as the reader scrolls. */
  onPage: (page: number) => void;
  /** The pages whose drawing is finished (and still on screen). */
  onDrawn: (pages: ReadonlySet<number>) => void;
  onFailed: () => void;
  onCurrentMark: (mark: HTMLElement) => void;
};

const NO_HIGHLIGHTS: readonly PageHighlight[] = [];

/**
 * Every page of the PDF one under the other, scrolled through continuously. Only the pages within a screen's height
 * of the view are drawn (an IntersectionObserver says which); the others keep their place with their size, so a
 * long PDF scrolls with a few canvases in memory. A page chosen by number (or by find) is pinned as the current page
 * while it is in view, also when it is too near the end to reach the top.
 */
export function PdfPages({ doc, zoom, scroller, handle, labelOf, highlightsOf, onPage, onDrawn, onFailed, onCurrentMark }: Props) {
  const pages = doc.numPages;
  const [width, setWidth] = useState(0);
  const [ratio, setRatio] = useState(792 / 612);
  const [near, setNear] = useState<ReadonlySet<number>>(() => new Set([1]));
  // The heights of the pages drawn at this width and zoom (so also which pages are drawn).
  const [drawn, setDrawn] = useState<{ key: string; heights: ReadonlyMap<number, number> }>({ key: '', heights: new Map() });
  const slots = useRef<Array<HTMLDivElement | null>>([]);
  const pinned = useRef<number | null>(null);
  const sizing = `${width}:${zoom}`;

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const observer = new ResizeObserver(() => {
      const style = getComputedStyle(element);
      setWidth(Math.floor(element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [scroller]);

  useEffect(() => {
    let gone = false;
    doc.getPage(1).then(
      (page) => {
        const viewport = page.getViewport({ scale: 1 });
        if (!gone) setRatio(viewport.height / viewport.width);
      },
      () => undefined,
    );
    return () => {
      gone = true;
    };
  }, [doc]);

  // Until the width is known every slot would be empty and "in view": nothing is laid out before it.
  const measured = width > 0;
  useEffect(() => {
    const root = scroller.current;
    if (!root || !measured) return;
    const observer = new IntersectionObserver(
      (entries) =>
        setNear((before) => {
          const next = new Set(before);
          for (const entry of entries) {
            const page = Number((entry.target as HTMLElement).dataset.page);
            if (entry.isIntersecting) next.add(page);
            else next.delete(page);
          }
          return next;
        }),
      { root, rootMargin: '100% 0px' },
    );
    for (const slot of slots.current.slice(0, pages)) if (slot) observer.observe(slot);
    return () => observer.disconnect();
  }, [scroller, pages, measured]);

  const heights = drawn.key === sizing ? drawn.heights : null;
  useEffect(() => {
    onDrawn(new Set([...(heights?.keys() ?? [])].filter((page) => near.has(page))));
  }, [heights, near, onDrawn]);

  useEffect(() => {
    const root = scroller.current;
    if (!root) return;
    let frame = 0;
    const follow = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const top = root.scrollTop;
        const bottom = top + root.clientHeight;
        const pin = pinned.current ? slots.current[pinned.current - 1] : null;
        if (pin && pin.offsetTop < bottom && pin.offsetTop + pin.offsetHeight > top) return;
        pinned.current = null;
        const line = top + root.clientHeight / 3;
        let current = 1;
        for (let i = 0; i < pages; i++) {
          const slot = slots.current[i];
          if (!slot || slot.offsetTop > line) break;
          current = i + 1;
        }
        onPage(current);
      });
    };
    root.addEventListener('scroll', follow, { passive: true });
    return () => {
      root.removeEventListener('scroll', follow);
      cancelAnimationFrame(frame);
    };
  }, [scroller, pages, onPage]);

  useImperativeHandle(
    handle,
    () => ({
      scrollToPage(page: number) {
        const root = scroller.current;
        const slot = slots.current[page - 1];
        if (!root || !slot) return;
        pinned.current = page;
        onPage(page);
        root.scrollTo({ top: slot.offsetTop - parseFloat(getComputedStyle(root).paddingTop) });
      },
    }),
    [scroller, onPage],
  );

  const onRendered = useCallback(
    (page: number, height: number) =>
      setDrawn((before) => ({ key: sizing, heights: new Map([...(before.key === sizing ? before.heights : []), [page, height]]) })),
    [sizing],
  );

  const estimate = Math.floor(width * zoom * ratio);
  if (!measured) return null;
  return (
    <div className="grid gap-3 sm:gap-4">
      {Array.from({ length: pages }, (_, i) => {
        const page = i + 1;
        const height = heights?.get(page) ?? estimate;
        return (
          <div
            key={page}
            ref={(element) => {
              slots.current[i] = element;
            }}
            data-page={page}
            data-testid="pdf-slot"
            style={{ minHeight: height || undefined }}
          >
            {near.has(page) ? (
              <PdfPageView
                doc={doc}
                page={page}
                width={width}
                zoom={zoom}
                label={labelOf(page)}
                highlights={highlightsOf(page) ?? NO_HIGHLIGHTS}
                onRendered={onRendered}
                onFailed={onFailed}
                onCurrentMark={onCurrentMark}
              />
            ) : (
              <div className="mx-auto bg-white/80 shadow-sm" style={{ width: Math.floor(width * zoom), height }} aria-hidden />
            )}
          </div>
        );
      })}
    </div>
  );
}
