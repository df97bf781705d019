'use client';

import type * as Pdfjs from 'pdfjs-dist';

let loading: Promise<typeof Pdfjs> | undefined;

/**
 * pdf.js, loaded the first time a PDF is previewed (it is large, and most pages never need it), with its worker
 * bundled as a same-origin module file: the pages' policy allows workers from 'self' (lib/security/csp.ts), and
 * nothing here evaluates strings (`isEvalSupported: false` at each getDocument), so it runs under the nonce and
 * 'strict-dynamic' policy without loosening it.
 */
export function loadPdfjs(): Promise<typeof Pdfjs> {
  loading ??= import('pdfjs-dist').then((pdfjs) => {
    pdfjs.GlobalWorkerOptions.workerPort = new Worker(new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url), { type: 'module' });
    return pdfjs;
  });
  loading.catch(() => {
    // A failed load (offline) may succeed on the next preview.
    loading = undefined;
  });
  return loading;
}
