'use client';

import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useState } from 'react';
import { loadPdfjs } from './pdfjs';

export type PdfDocumentState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; doc: PDFDocumentProxy };

/**
 * The PDF at `url` (a signed link of the storage service), opened with pdf.js: it reads the file in ranges, so the
 * first page shows before a long PDF has arrived. Closed again when the url changes or the viewer goes.
 */
export function usePdfDocument(url: string | null): PdfDocumentState {
  // Kept with the url it is for, so a new url reads as loading without a reset inside the effect.
  const [state, setState] = useState<{ url: string; state: PdfDocumentState } | null>(null);
  useEffect(() => {
    if (!url) return;
    let gone = false;
    let destroy: (() => Promise<void>) | undefined;
    loadPdfjs()
      .then((pdfjs) => {
        if (gone) return null;
        const task = pdfjs.getDocument({
          url,
          isEvalSupported: false,
          disableAutoFetch: true,
          // Character maps for PDFs whose Chinese (Japanese, Korean) fonts are not embedded, and the standard fonts.
          cMapUrl: '/api/files/pdfjs/cmaps/',
          cMapPacked: true,
          standardFontDataUrl: '/api/files/pdfjs/standard_fonts/',
        });
        destroy = () => task.destroy();
        return task.promise;
      })
      .then(
        (doc) => {
          if (doc && !gone) setState({ url, state: { status: 'ready', doc } });
        },
        () => {
          if (!gone) setState({ url, state: { status: 'failed' } });
        },
      );
    return () => {
      gone = true;
      void destroy?.();
    };
  }, [url]);
  return state && state.url === url ? state.state : { status: 'loading' };
}
