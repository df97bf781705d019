import 'server-only';
import { AppError } from '@/lib/errors';

/** The default cap of a product API body: JSON requests are small; bigger ones say so in their route. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
/** JSON nesting deeper than this is no request the product makes, and costs recursion in every reader after it. */
export const MAX_JSON_DEPTH = 64;

/**
 * The body's bytes, refused with 413 `payload_too_large` before it is buffered: at once when Content-Length
 * says it is too big, and as soon as a chunked body passes the cap while streaming in.
 */
export async function readBodyBytes(request: Request, maxBytes: number): Promise<Buffer> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > maxBytes) throw new AppError('payload_too_large');
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new AppError('payload_too_large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** The body as text, under the same cap as `readBodyBytes`. */
export async function readBodyText(request: Request, maxBytes: number): Promise<string> {
  return (await readBodyBytes(request, maxBytes)).toString('utf8');
}

/** Whether JSON text nests arrays and objects deeper than `max`, found without parsing it. */
export function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i += 1; // a backslash escapes the next character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if ((depth += 1) > max) return true;
    } else if (c === 125 || c === 93) depth -= 1;
  }
  return false;
}
