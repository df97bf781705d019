// One PDF read on a thread of its own (pdf-worker.ts), under a page count, a decoding budget, a heap limit and a
// deadline: past any of them the thread is stopped and the reading says which limit it met and how far it got.
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { PDF_THREAD_SOURCE, type PdfJob, type PdfThreadMessage } from './pdf-worker';

export interface PdfLimits {
  /** Characters of text wanted (AI_ATTACHMENT_TEXT_LIMIT). */
  textLimit: number;
  maxPages: number;
  maxDecodedBytes: number;
  /** The longest a reading may take, thread start included. */
  timeoutMs: number;
  /** The thread's V8 heap (its old generation), in MB. */
  heapMb: number;
  /** Each page's text starts with `[page N]` (library papers, whose passages the answer cites by page). */
  pageMarks?: boolean;
}

/** Why a PDF was not read to the end of its text: each is a limit it passed, or a file PDF.js could not open. */
export type PdfRefusal = 'pages' | 'decoded' | 'deadline' | 'memory' | 'unreadable';

export type PdfReading = { ok: true; text: string; truncated: boolean; pagesRead: number } | { ok: false; reason: PdfRefusal; pagesRead: number };

/** Reads the text of a PDF on a new thread; never rejects. */
export function readPdf(content: Uint8Array, limits: PdfLimits): Promise<PdfReading> {
  return new Promise((resolve) => {
    // A copy of its own, so that only these bytes are handed over (a Buffer may be a view of a larger one).
    const data = new Uint8Array(content);
    const job: PdfJob = { data, textLimit: limits.textLimit, maxPages: limits.maxPages, maxDecodedBytes: limits.maxDecodedBytes, pageMarks: limits.pageMarks };
    let pagesRead = 0;
    let settled = false;
    let worker: Worker;
    const finish = (reading: PdfReading) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      void worker?.terminate();
      resolve(reading);
    };
    const deadline = setTimeout(() => finish({ ok: false, reason: 'deadline', pagesRead }), limits.timeoutMs);
    try {
      worker = new Worker(PDF_THREAD_SOURCE, {
        eval: true,
        name: 'citewise-pdf',
        workerData: { job, paths: pdfjsDataPaths() },
        transferList: [data.buffer],
        // No loaders of the parent (tsx in scripts and benchmarks): the program is plain JavaScript.
        execArgv: [],
        resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: Math.max(4, Math.round(limits.heapMb / 8)) },
      });
    } catch {
      finish({ ok: false, reason: 'unreadable', pagesRead });
      return;
    }
    worker.on('message', (message: PdfThreadMessage) => {
      if (message.type === 'page') pagesRead = message.pagesRead;
      else if (message.type === 'text') finish({ ok: true, text: message.text, truncated: message.truncated, pagesRead: message.pagesRead });
      else if (message.type === 'stopped') finish({ ok: false, reason: message.reason, pagesRead: message.pagesRead });
      else if (message.type === 'unreadable') finish({ ok: false, reason: 'unreadable', pagesRead: message.pagesRead });
      else {
        // The file is not to blame: say so to whoever runs the server, once, and answer as for an unreadable file.
        if (!warnedBroken) console.error(`[ai] PDFs cannot be read: the reading thread could not load unpdf from ${process.cwd()} (${message.error})`);
        warnedBroken = true;
        finish({ ok: false, reason: 'unreadable', pagesRead: 0 });
      }
    });
    worker.on('error', (error: Error & { code?: string }) => {
      finish({ ok: false, reason: error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'unreadable', pagesRead });
    });
    worker.on('exit', () => finish({ ok: false, reason: 'unreadable', pagesRead }));
  });
}

let dataPaths: { cMaps?: string; fonts?: string } | undefined;
let warnedBroken = false;

/**
 * Where pdfjs-dist keeps its character maps and standard fonts, for PDF.js in the thread: Chinese, Japanese and
 * Korean text in fonts a PDF names without embedding needs the maps. Looked up in the node_modules folders from the
 * server's working directory upwards (apps/web when serving, the repository's root in tests). A file lookup, not
 * `require.resolve`: the web app's bundler would try to resolve that at build time.
 */
function pdfjsDataPaths() {
  if (dataPaths) return dataPaths;
  dataPaths = {};
  for (let dir = process.cwd(); ; dir = path.dirname(dir)) {
    const base = path.join(dir, 'node_modules', 'pdfjs-dist');
    // Paths, not file: URLs, which PDF.js in Node does not read.
    if (fs.existsSync(path.join(base, 'cmaps'))) {
      dataPaths = { cMaps: path.join(base, 'cmaps') + path.sep, fonts: path.join(base, 'standard_fonts') + path.sep };
      break;
    }
    if (path.dirname(dir) === dir) break;
  }
  return dataPaths;
}
