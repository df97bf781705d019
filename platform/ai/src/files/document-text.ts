// The text of a document attached to a chat question (an upload or a `remote_url` file), cut to the text limit.
// A PDF is read on a thread of its own under page, decoding, memory and time limits (read-pdf.ts), at most a few
// at a time; a text file is decoded only as far as the limit needs. Each reading is kept (reading-cache.ts), by
// upload id or by content hash, so a file that many messages name is read once, and an upload's bytes are not even
// loaded again: loading them (PGlite's bytea) costs the serving thread more than anything else here.
import type { AiConfig } from '../config';
import { DifyError } from '../errors';
import { readPdf, type PdfLimits, type PdfReading, type PdfRefusal } from './read-pdf';
import { ReadingCache } from './reading-cache';

export interface DocumentText {
  text: string;
  /** Whether text was cut off at the limit. */
  truncated: boolean;
}

/** PDFs read at once in this process; more wait their turn (each thread may use its heap and its decoding budget). */
const PDF_THREADS = 2;
/** The V8 heap of a reading thread, in MB. */
const PDF_HEAP_MB = 128;
/** A reading stopped by time or memory may succeed on a quieter machine: it is kept for this long only. */
const RETRY_AFTER_MS = 10 * 60 * 1000;

const cache = new ReadingCache<PdfReading>({ entries: 512, chars: 8_000_000 });
const queue: (() => void)[] = [];
let running = 0;
let readings = 0;

export function pdfLimits(config: AiConfig): PdfLimits {
  return {
    textLimit: config.AI_ATTACHMENT_TEXT_LIMIT,
    maxPages: config.AI_PDF_MAX_PAGES,
    maxDecodedBytes: config.AI_PDF_MAX_DECODED_MB * 1024 * 1024,
    timeoutMs: config.AI_PDF_TIMEOUT_SECONDS * 1000,
    heapMb: PDF_HEAP_MB,
  };
}

/** A document to read: its bytes are asked for only when no reading of it is kept. */
export interface DocumentSource {
  name: string;
  extension: string;
  /** An upload's id: an upload's bytes never change, so its reading is kept by id and its bytes not loaded again. */
  uploadId?: string;
  bytes(): Promise<Uint8Array>;
}

/**
 * The document's text for the model. Throws `document_too_large` for a PDF past a reading limit and
 * `document_unreadable` for one PDF.js cannot open, each naming the file.
 */
export async function documentText(config: AiConfig, source: DocumentSource): Promise<DocumentText> {
  const limits = pdfLimits(config);
  const reading = await readDocument(source, limits);
  if (reading.ok) return { text: reading.text, truncated: reading.truncated };
  throw refusalError(reading.reason, reading.pagesRead, source.name, limits);
}

/** A document's reading, from the cache when the same upload or the same bytes were read under the same limits. */
export async function readDocument(source: DocumentSource, limits: PdfLimits): Promise<PdfReading> {
  const pdf = source.extension === 'pdf';
  let bytes: Uint8Array | undefined;
  let identity = source.uploadId ? `upload:${source.uploadId}` : '';
  if (!identity) {
    bytes = await source.bytes();
    // Hashed by WebCrypto, which runs on libuv's thread pool rather than on this thread. (The bytes come from the
    // database or a fetch, never from shared memory, which the types also allow.)
    identity = `sha256:${Buffer.from(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>)).toString('hex')}`;
  }
  const key = `${identity}:${pdf ? `pdf:${limits.textLimit}:${limits.maxPages}:${limits.maxDecodedBytes}:${limits.timeoutMs}${limits.pageMarks ? ':pages' : ''}` : `text:${limits.textLimit}`}`;
  return cache.get(
    key,
    async () => {
      const content = bytes ?? (await source.bytes());
      if (!pdf) return { ok: true, ...plainText(content, limits.textLimit), pagesRead: 0 };
      readings += 1;
      return inTurn(() => readPdf(content, limits));
    },
    (reading) => (reading.ok ? reading.text.length : 0) + 64,
    (reading) => (!reading.ok && (reading.reason === 'deadline' || reading.reason === 'memory') ? RETRY_AFTER_MS : Infinity),
  );
}

/** The cache's figures, for tests and benchmarks: readings kept, their characters, and PDF readings started in all. */
export const readingCache = {
  get size() {
    return cache.size;
  },
  get chars() {
    return cache.heldChars;
  },
  get readings() {
    return readings;
  },
};

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= PDF_THREADS) await new Promise<void>((resolve) => queue.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    queue.shift()?.();
  }
}

/**
 * UTF-8 text, decoded only as far as the limit can need: a character is at most 4 bytes, and a line break at most
 * two characters that become one.
 */
function plainText(content: Uint8Array, limit: number): DocumentText {
  const needed = (limit + 1) * 8;
  const head = content.length > needed ? content.subarray(0, needed) : content;
  // `stream` keeps a character cut in half at the end out of the text instead of making it U+FFFD.
  const text = new TextDecoder('utf-8')
    .decode(head, { stream: head !== content })
    .replace(/\r\n?/g, '\n')
    .trim();
  return { text: text.slice(0, limit), truncated: text.length > limit || head !== content };
}

function refusalError(reason: PdfRefusal, pagesRead: number, name: string, limits: PdfLimits): DifyError {
  if (reason === 'unreadable') return new DifyError(400, 'document_unreadable', `The PDF ${name} could not be read.`, { file: name });
  const why: Record<Exclude<PdfRefusal, 'unreadable'>, string> = {
    pages: `it has more than ${limits.maxPages} pages without reaching the text limit`,
    decoded: `its contents decode to more than ${Math.round(limits.maxDecodedBytes / 1024 / 1024)} MB`,
    deadline: `reading it took longer than ${Math.round(limits.timeoutMs / 1000)} s`,
    memory: `reading it needed more than ${limits.heapMb} MB of memory`,
  };
  const pages = `${pagesRead} ${pagesRead === 1 ? 'page' : 'pages'} read`;
  return new DifyError(400, 'document_too_large', `The PDF ${name} is too large to read (${why[reason]}); ${pages}.`, {
    file: name,
    pages_read: pagesRead,
    reason,
  });
}
