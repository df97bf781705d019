import 'server-only';

// A multipart/form-data body rewritten as it streams through: fields of our own first, then only the parts whose
// name is kept, then the closing delimiter; never more than a few kilobytes of it held at once. A part whose
// headers could be read two ways (two names, `name*`, folded or unnamed headers) makes the body malformed rather
// than being guessed at, so no parser after this one can find a field here that this one dropped.

export class MultipartError extends Error {
  constructor(readonly reason: 'too_large' | 'malformed') {
    super(reason === 'too_large' ? 'The body is larger than its limit.' : 'The body is not a well-formed multipart form.');
  }
}

export interface MultipartFilter {
  /** The client's boundary, which the output keeps. */
  boundary: string;
  /** Whether a part of this name is passed on; all others are dropped. */
  keep(name: string): boolean;
  /** Fields written before the client's parts. */
  fields: Record<string, string>;
  /** Bytes of the incoming body read at most. */
  maxBytes: number;
}

const MAX_HEADER_BYTES = 16 * 1024;
const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

/** The boundary of a multipart/form-data Content-Type (RFC 2046 §5.1.1), or null. */
export function formBoundary(contentType: string | null): string | null {
  const match = /^multipart\/form-data\s*;(?:.*;)?\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))\s*(?:;.*)?$/i.exec(contentType ?? '');
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary || !/^[0-9A-Za-z'()+_,\-./:=? ]*[0-9A-Za-z'()+_,\-./:=?]$/.test(boundary)) return null;
  return boundary;
}

/**
 * The filtered body. It errors with MultipartError (after `onError` was told) past `maxBytes`, or when the input is
 * not a form that ends with its closing delimiter; reading stops there, and the source is cancelled.
 */
export function filterMultipart(
  source: ReadableStream<Uint8Array>,
  filter: MultipartFilter,
  onError: (error: MultipartError) => void,
): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  const parser = new PartParser(filter);
  let received = 0;
  const fail = async (error: MultipartError): Promise<never> => {
    onError(error);
    await reader.cancel(error).catch(() => undefined);
    throw error;
  };
  const head = Object.entries(filter.fields)
    .map(([name, value], i) => `${i ? '\r\n' : ''}--${filter.boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}`)
    .join('');
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(Buffer.from(head));
      },
      async pull(controller) {
        for (;;) {
          if (parser.closed) {
            // The epilogue after the closing delimiter is nothing to anyone: stop reading.
            await reader.cancel().catch(() => undefined);
            controller.enqueue(Buffer.from(`\r\n--${filter.boundary}--\r\n`));
            return controller.close();
          }
          const { done, value } = await reader.read();
          if (done) return fail(new MultipartError('malformed'));
          received += value.byteLength;
          if (received > filter.maxBytes) return fail(new MultipartError('too_large'));
          let out: Buffer[];
          try {
            out = parser.push(value);
          } catch (error) {
            return fail(error instanceof MultipartError ? error : new MultipartError('malformed'));
          }
          if (out.length === 0) continue;
          for (const part of out) controller.enqueue(part);
          return;
        }
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}

type State = 'preamble' | 'delimiter' | 'headers' | 'body' | 'closed';

/** The form's grammar (RFC 2046 §5.1.1, RFC 7578), one chunk at a time; what it returns is what to pass on. */
class PartParser {
  private state: State = 'preamble';
  /** Bytes not yet decided on: at most a delimiter's length in a body, a header block at the start of a part. */
  private pending: Buffer;
  private keeping = false;
  private readonly delimiter: Buffer;

  constructor(private readonly filter: MultipartFilter) {
    this.delimiter = Buffer.from(`\r\n--${filter.boundary}`);
    // The first delimiter may open the body without the line break before it.
    this.pending = Buffer.from(CRLF);
  }

  get closed() {
    return this.state === 'closed';
  }

  push(chunk: Uint8Array): Buffer[] {
    const out: Buffer[] = [];
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : Buffer.from(chunk);
    for (;;) {
      if (this.state === 'closed') return out;
      if (this.state === 'preamble' || this.state === 'body') {
        const at = this.pending.indexOf(this.delimiter);
        const end = at >= 0 ? at : Math.max(0, this.pending.length - (this.delimiter.length - 1));
        if (this.state === 'body' && this.keeping && end > 0) out.push(this.pending.subarray(0, end));
        if (at < 0) {
          this.pending = Buffer.from(this.pending.subarray(end));
          return out;
        }
        this.pending = this.pending.subarray(at + this.delimiter.length);
        this.state = 'delimiter';
      } else if (this.state === 'delimiter') {
        if (this.pending.length < 2) return out;
        if (this.pending[0] === 0x2d && this.pending[1] === 0x2d) {
          this.state = 'closed';
          return out;
        }
        const lineEnd = this.pending.indexOf(CRLF);
        if (lineEnd < 0) {
          if (this.pending.length > 256) throw new MultipartError('malformed');
          return out;
        }
        // Only transport padding (spaces and tabs) may follow a delimiter on its line.
        if (!/^[ \t]*$/.test(this.pending.subarray(0, lineEnd).toString('latin1'))) throw new MultipartError('malformed');
        this.pending = this.pending.subarray(lineEnd + 2);
        this.state = 'headers';
      } else {
        const end = this.pending.indexOf(HEADER_END);
        if (end < 0) {
          if (this.pending.length > MAX_HEADER_BYTES) throw new MultipartError('malformed');
          return out;
        }
        const headers = this.pending.subarray(0, end);
        const name = partName(headers.toString('utf8'));
        this.keeping = this.filter.keep(name);
        if (this.keeping) out.push(Buffer.concat([Buffer.from(`\r\n--${this.filter.boundary}\r\n`), headers, HEADER_END]));
        this.pending = this.pending.subarray(end + HEADER_END.length);
        this.state = 'body';
      }
    }
  }
}

/** The name of a part from its header block, read strictly: anything another reader could take otherwise throws. */
function partName(block: string): string {
  let disposition: string | null = null;
  for (const line of block.split('\r\n')) {
    const match = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[ \t]*(.*?)[ \t]*$/.exec(line);
    if (!match || /[\r\n\0]/.test(match[2]!)) throw new MultipartError('malformed');
    if (match[1]!.toLowerCase() !== 'content-disposition') continue;
    if (disposition !== null) throw new MultipartError('malformed');
    disposition = match[2]!;
  }
  const type = /^form-data[ \t]*/i.exec(disposition ?? '');
  if (!type) throw new MultipartError('malformed');
  let rest = disposition!.slice(type[0].length);
  let name: string | null = null;
  while (rest) {
    const parameter = /^;[ \t]*([!#$%&'*+.^_`|~0-9A-Za-z-]+)[ \t]*=[ \t]*(?:"((?:[^"\\]|\\.)*)"|([^;"\s]*))[ \t]*/.exec(rest);
    if (!parameter) throw new MultipartError('malformed');
    rest = rest.slice(parameter[0].length);
    const key = parameter[1]!.toLowerCase();
    // RFC 7578 §4.2 forbids the extended form; a reader that honoured it would see another name.
    if (key === 'name*') throw new MultipartError('malformed');
    if (key !== 'name') continue;
    if (name !== null) throw new MultipartError('malformed');
    name = parameter[2] !== undefined ? parameter[2].replace(/\\(.)/g, '$1') : parameter[3]!;
  }
  if (name === null) throw new MultipartError('malformed');
  return name;
}
