'use client';

import type { PDFDocumentProxy, RenderTask, TextLayer } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';
import { loadPdfjs } from './pdfjs';
import { markMatches } from './pdf-find';
import './pdf-text-layer.css';

export type PageHighlight = { start: number; end: number; current: boolean };

type Props = {
  doc: PDFDocumentProxy;
  page: number;
  /** CSS pixels the page is drawn across at zoom 1 (the reader's width). */
  width: number;
  zoom: number;
  label: string;
  /** Find's matches on this page, marked in its text layer. */
  highlights: readonly PageHighlight[];
  onRendered: (page: number, height: number) => void;
  onFailed: () => void;
  /** The current match's mark, once it is in the text layer. */
  onCurrentMark: (mark: HTMLElement) => void;
};

/**
 * One page of a PDF drawn on a canvas `width` wide (times `zoom`), sharp on high-density screens, with pdf.js's
 * text layer over it so the text can be selected, copied and found. Mounted only while the page is near the view:
 * its canvas and the page's resources go when it unmounts, so a long PDF holds a few pages at a time.
 */
export function PdfPageView({ doc, page, width, zoom, label, highlights, onRendered, onFailed, onCurrentMark }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const text = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState<string | null>(null);
  const drawing = `${width}:${zoom}`;

  useEffect(() => {
    // Held here: when the page leaves the view, React lets go of the refs before this effect's cleanup runs.
    const target = canvas.current;
    const container = text.current;
    if (!width || !target || !container) return;
    let render: RenderTask | undefined;
    let layer: TextLayer | undefined;
    let gone = false;
    (async () => {
      const [pdfjs, loaded] = await Promise.all([loadPdfjs(), doc.getPage(page)]);
      if (gone || !target.isConnected) return;
      const scale = (width / loaded.getViewport({ scale: 1 }).width) * zoom;
      const viewport = loaded.getViewport({ scale });
      const ratio = window.devicePixelRatio || 1;
      target.width = Math.floor(viewport.width * ratio);
      target.height = Math.floor(viewport.height * ratio);
      target.style.width = `${Math.floor(viewport.width)}px`;
      target.style.height = `${Math.floor(viewport.height)}px`;
      render = loaded.render({ canvas: target, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
      await render.promise;
      if (gone || !target.isConnected) return;
      container.replaceChildren();
      container.parentElement!.style.setProperty('--total-scale-factor', String(scale));
      layer = new pdfjs.TextLayer({ textContentSource: loaded.streamTextContent(), container, viewport });
      await layer.render();
      if (gone || !target.isConnected) return;
      setDrawn(`${width}:${zoom}`);
      onRendered(page, Math.floor(viewport.height));
    })().catch((error: unknown) => {
      // A newer render replaced this one: not a failure.
      if (!gone && target.isConnected && !(error instanceof Error && error.name === 'RenderingCancelledException')) onFailed();
    });
    return () => {
      gone = true;
      render?.cancel();
      layer?.cancel();
    };
  }, [doc, page, zoom, width, onRendered, onFailed]);

  // The page's decoded images and fonts are let go with it.
  useEffect(
    () => () => {
      // A document already closed has nothing left to free.
      doc.getPage(page).then(
        (proxy) => proxy.cleanup(),
        () => undefined,
      );
    },
    [doc, page],
  );

  useEffect(() => {
    if (drawn !== drawing || !text.current) return;
    const current = markMatches(text.current, [...highlights]);
    if (current) onCurrentMark(current);
  }, [drawn, drawing, highlights, onCurrentMark]);

  return (
    <div className="pdf-page relative mx-auto w-fit bg-white shadow-md" data-testid="pdf-page" data-page={page} data-drawn={drawn === drawing || undefined}>
      <canvas ref={canvas} role="img" aria-label={label} className="block" />
      <div ref={text} className="textLayer" data-testid="pdf-text" />
    </div>
  );
}
