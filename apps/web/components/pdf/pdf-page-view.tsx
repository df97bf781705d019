'use client';

import type { PDFDocumentProxy, RenderTask, TextLayer } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';
import { loadPdfjs } from './pdfjs';
import './pdf-text-layer.css';

type Props = { doc: PDFDocumentProxy; page: number; zoom: number; label: string; onRendered: (page: number) => void; onFailed: () => void };

/**
 * One page of a PDF drawn on a canvas as wide as the viewer (times `zoom`), sharp on high-density screens, with
 * pdf.js's text layer over it so the text can be selected, copied and found with the browser's search.
 */
export function PdfPageView({ doc, page, zoom, label, onRendered, onFailed }: Props) {
  const frame = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const text = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry!.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!width || !canvas.current || !text.current) return;
    let render: RenderTask | undefined;
    let layer: TextLayer | undefined;
    let gone = false;
    (async () => {
      const [pdfjs, proxy] = await Promise.all([loadPdfjs(), doc.getPage(page)]);
      if (gone) return;
      const scale = (width / proxy.getViewport({ scale: 1 }).width) * zoom;
      const viewport = proxy.getViewport({ scale });
      const ratio = window.devicePixelRatio || 1;
      const target = canvas.current!;
      target.width = Math.floor(viewport.width * ratio);
      target.height = Math.floor(viewport.height * ratio);
      target.style.width = `${Math.floor(viewport.width)}px`;
      target.style.height = `${Math.floor(viewport.height)}px`;
      render = proxy.render({ canvas: target, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
      await render.promise;
      if (gone) return;
      const container = text.current!;
      container.replaceChildren();
      container.parentElement!.style.setProperty('--total-scale-factor', String(scale));
      layer = new pdfjs.TextLayer({ textContentSource: proxy.streamTextContent(), container, viewport });
      await layer.render();
      if (!gone) onRendered(page);
    })().catch((error: unknown) => {
      // A newer render replaced this one: not a failure.
      if (!gone && !(error instanceof Error && error.name === 'RenderingCancelledException')) onFailed();
    });
    return () => {
      gone = true;
      render?.cancel();
      layer?.cancel();
    };
  }, [doc, page, zoom, width, onRendered, onFailed]);

  return (
    <div ref={frame} className="w-full">
      <div className="pdf-page relative mx-auto w-fit bg-white shadow-md" data-testid="pdf-page" data-page={page}>
        <canvas ref={canvas} role="img" aria-label={label} className="block" />
        <div ref={text} className="textLayer" data-testid="pdf-text" />
      </div>
    </div>
  );
}
