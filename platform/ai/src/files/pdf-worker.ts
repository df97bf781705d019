// The program of the thread that reads one PDF (read-pdf.ts starts it). PDF.js runs there, never on the thread that
// serves requests: a small PDF can hold a stream that inflates to gigabytes, or thousands of pages.
//
// The thread is started from source text (`readPdf` below, as its own text), as the scoring threads of
// packages/scholar are: this package is compiled into the web app's server bundle, where a file beside this one is
// not there to be found. So `readPdf` may use nothing but its parameters, and loads PDF.js (unpdf) through `load`,
// which Node resolves from the server's working directory, where the app's node_modules are.

/** What the thread is given. `data` is the PDF's bytes, transferred. */
export interface PdfJob {
  data: Uint8Array;
  /** Characters of text wanted; pages are read until the text is longer. */
  textLimit: number;
  /** Pages read at most. */
  maxPages: number;
  /** Bytes PDF.js may decode (inflate) in all, streams and buffers together. */
  maxDecodedBytes: number;
  /** Starts each page's text with `[page N]`, so a reader of the text (the model) can cite pages. */
  pageMarks?: boolean;
}

/** What the thread answers: a page read (progress), then one of the last three. */
export type PdfThreadMessage =
  | { type: 'page'; pagesRead: number }
  | { type: 'text'; text: string; truncated: boolean; pagesRead: number; pageCount: number }
  | { type: 'stopped'; reason: 'pages' | 'decoded'; pagesRead: number; pageCount: number }
  | { type: 'unreadable'; pagesRead: number }
  /** PDF.js could not be loaded: no PDF can be read until the installation is mended. */
  | { type: 'broken'; error: string };

interface ThreadPort {
  postMessage(message: PdfThreadMessage): void;
}

type TextItem = { str?: string; hasEOL?: boolean };
interface PdfDocument {
  numPages: number;
  getPage(n: number): Promise<{ getTextContent(): Promise<{ items: TextItem[] }>; cleanup(): void }>;
}
type Unpdf = { getDocumentProxy(data: Uint8Array, options: Record<string, unknown>): Promise<PdfDocument> };

/**
 * Reads the job's PDF page by page until the text limit, the page limit or the decoding budget is reached.
 *
 * The budget: PDF.js inflates streams into typed arrays and through DecompressionStream, memory outside V8's heap
 * that the thread's resourceLimits do not bound. So every typed array made here and every chunk a
 * DecompressionStream gives counts against `maxDecodedBytes`, and once past it each new one throws, which ends the
 * decoding that asked for it (PDF.js then gives up the stream, or the page).
 */
export function readPdf(port: ThreadPort, job: PdfJob, load: (specifier: string) => Promise<unknown>, paths: { cMaps?: string; fonts?: string }) {
  let decoded = 0;
  let over = false;
  const count = (bytes: number) => {
    decoded += bytes;
    if (decoded > job.maxDecodedBytes) {
      over = true;
      throw new RangeError('The PDF decodes to more than its budget.');
    }
  };
  const scope = globalThis as unknown as Record<string, unknown>;
  for (const name of [
    'Uint8Array',
    'Uint8ClampedArray',
    'Int8Array',
    'Uint16Array',
    'Int16Array',
    'Uint32Array',
    'Int32Array',
    'Float32Array',
    'Float64Array',
  ]) {
    const Original = scope[name] as { new (...args: unknown[]): object; BYTES_PER_ELEMENT: number };
    const Counted = class extends Original {
      constructor(...args: unknown[]) {
        const first = args[0] as { length?: unknown } | number | undefined;
        // A view of an existing buffer allocates nothing; a length or a list to copy does.
        const length =
          typeof first === 'number'
            ? first
            : first && typeof first === 'object' && !(first instanceof ArrayBuffer) && typeof first.length === 'number'
              ? first.length
              : 0;
        count(length * Original.BYTES_PER_ELEMENT);
        super(...args);
      }
      // Arrays made before the swap (the job's data, Node's buffers) still pass `instanceof Uint8Array`.
      static override [Symbol.hasInstance](value: unknown) {
        return value instanceof Original;
      }
    };
    Object.defineProperty(Counted, 'name', { value: name });
    scope[name] = Counted;
  }
  type Decompression = new (format: string) => { readable: ReadableStream<Uint8Array>; writable: WritableStream };
  if (scope.DecompressionStream) {
    const NativeDecompression = scope.DecompressionStream as Decompression;
    scope.DecompressionStream = class DecompressionStream {
      readonly readable: ReadableStream<Uint8Array>;
      readonly writable: WritableStream;
      constructor(format: string) {
        const inner = new NativeDecompression(format);
        this.writable = inner.writable;
        this.readable = inner.readable.pipeThrough(
          new TransformStream<Uint8Array, Uint8Array>({
            transform(chunk, controller) {
              count(chunk.byteLength);
              controller.enqueue(chunk);
            },
          }),
        );
      }
    };
  }

  // The text as unpdf's extractText(mergePages) gives it (pages joined by a line break, runs of spaces made one,
  // at most one empty line), built a page at a time: only the whitespace at the end of the text so far can merge
  // with the next page, so only that is normalised again.
  const normalise = (text: string) =>
    text
      .replace(/[^\S\n]+/g, ' ')
      .replace(/ ?\n ?/g, '\n')
      .replace(/\n{3,}/g, '\n\n');
  const isSpace = (code: number) =>
    code === 32 ||
    (code >= 9 && code <= 13) ||
    code === 160 ||
    code === 0xfeff ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0x1680;
  let merged = '';
  let lead = 0;
  const append = (page: string, first: boolean) => {
    let cut = merged.length;
    while (cut > 0 && isSpace(merged.charCodeAt(cut - 1))) cut -= 1;
    merged = merged.slice(0, cut) + normalise(merged.slice(cut) + (first ? '' : '\n') + page);
    while (lead < merged.length && isSpace(merged.charCodeAt(lead))) lead += 1;
  };

  let pagesRead = 0;
  let pageCount = 0;
  let loaded = false;
  const run = async () => {
    const { getDocumentProxy } = (await load('unpdf')) as Unpdf;
    loaded = true;
    const options: Record<string, unknown> = { verbosity: 0, isEvalSupported: false, disableFontFace: true, stopAtErrors: false };
    if (paths.cMaps) Object.assign(options, { cMapUrl: paths.cMaps, cMapPacked: true });
    if (paths.fonts) options.standardFontDataUrl = paths.fonts;
    const pdf = await getDocumentProxy(job.data, options);
    pageCount = pdf.numPages;
    for (let n = 1; n <= pageCount; n += 1) {
      if (pagesRead >= job.maxPages) return port.postMessage({ type: 'stopped', reason: 'pages', pagesRead, pageCount });
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      page.cleanup();
      if (over) return port.postMessage({ type: 'stopped', reason: 'decoded', pagesRead, pageCount });
      const text = content.items.map((item) => (item.str ?? '') + (item.hasEOL ? '\n' : '')).join('');
      append(job.pageMarks ? `[page ${n}]\n${text}` : text, n === 1);
      pagesRead += 1;
      port.postMessage({ type: 'page', pagesRead });
      if (merged.length - lead > job.textLimit) break;
    }
    const text = merged.trim();
    port.postMessage({ type: 'text', text: text.slice(0, job.textLimit), truncated: text.length > job.textLimit, pagesRead, pageCount });
  };
  run().catch((error: unknown) => {
    if (!loaded) return port.postMessage({ type: 'broken', error: String(error) });
    port.postMessage(over ? { type: 'stopped', reason: 'decoded', pagesRead, pageCount } : { type: 'unreadable', pagesRead });
  });
}

/** The thread's program: `readPdf`'s own text, called with the thread's port, its job and a loader. */
export const PDF_THREAD_SOURCE = [
  "'use strict';",
  // esbuild's keepNames (tsx, the benchmarks' runner) wraps named functions and classes in calls to a helper of the
  // module; the copied text keeps the calls, so the thread defines the helper as the identity.
  'var __name = (target) => target;',
  "const { parentPort, workerData } = require('node:worker_threads');",
  `(${readPdf.toString()})(parentPort, workerData.job, (specifier) => import(specifier), workerData.paths);`,
].join('\n');
