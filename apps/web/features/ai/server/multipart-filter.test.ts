import { describe, expect, it } from 'vitest';
import { filterMultipart, formBoundary, MultipartError } from './multipart-filter';

// Forms are made by the platform's own FormData encoder (as a browser sends them) and read back by its own parser
// (as the runtime reads them), and fed to the filter in chunks cut at every size, so no delimiter or header split
// between two reads is missed.

async function encode(form: FormData): Promise<{ bytes: Uint8Array; boundary: string }> {
  const request = new Request('http://x/', { method: 'POST', body: form });
  return { bytes: new Uint8Array(await request.arrayBuffer()), boundary: formBoundary(request.headers.get('content-type'))! };
}

function chunked(bytes: Uint8Array, size: number) {
  let at = 0;
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      const chunk = bytes.slice(at, at + size);
      at += size;
      pulled += chunk.length;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled: () => pulled };
}

async function run(bytes: Uint8Array, boundary: string, size: number, maxBytes = 1 << 20) {
  const errors: MultipartError[] = [];
  const source = chunked(bytes, size);
  const out = filterMultipart(source.stream, { boundary, keep: (name) => name === 'file', fields: { user: 'cw:me' }, maxBytes }, (error) => errors.push(error));
  try {
    const body = await new Response(out).arrayBuffer();
    const form = await new Response(body, { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }).formData();
    return { form, errors, pulled: source.pulled() };
  } catch (error) {
    return { error, errors, pulled: source.pulled() };
  }
}

const raw = (boundary: string, parts: string[], preamble = '', epilogue = '') =>
  new TextEncoder().encode(`${preamble}${parts.map((part) => `--${boundary}\r\n${part}\r\n`).join('')}--${boundary}--\r\n${epilogue}`);

describe('the upload form filter', () => {
  it('passes the file on byte for byte, puts our user first, and drops every other field, however the body is cut', async () => {
    const content = new Uint8Array(3000).map((_, i) => (i * 7) % 256);
    const form = new FormData();
    form.set('user', 'mallory');
    form.set('file', new File([content], 'paper (final).pdf', { type: 'application/pdf' }));
    form.set('other', 'x');
    const { bytes, boundary } = await encode(form);
    for (const size of [1, 2, 3, 7, 64, 1000, bytes.length]) {
      const result = await run(bytes, boundary, size);
      expect(result.errors, `chunks of ${size}`).toEqual([]);
      const fields = [...result.form!.keys()];
      expect(fields, `chunks of ${size}`).toEqual(['user', 'file']);
      expect(result.form!.get('user')).toBe('cw:me');
      const file = result.form!.get('file') as File;
      expect(file.name).toBe('paper (final).pdf');
      expect(file.type).toBe('application/pdf');
      expect(new Uint8Array(await file.arrayBuffer())).toEqual(content);
    }
  });

  it('ignores a preamble and an epilogue, and keeps a file that contains the boundary’s look-alikes', async () => {
    const boundary = 'b0undary';
    // Beginnings of the delimiter, which a body may hold (the boundary itself it may not, RFC 2046 §5.1.1).
    const body = 'line\r\n--b0undar and more\r\n--b0unda';
    const bytes = raw(
      boundary,
      [
        `Content-Disposition: form-data; name="user"\r\n\r\ncw:someone-else`,
        `Content-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n${body}`,
      ],
      'preamble\r\n',
      'epilogue',
    );
    for (const size of [1, 5, bytes.length]) {
      const result = await run(bytes, boundary, size);
      expect(result.form!.getAll('user')).toEqual(['cw:me']);
      expect(await (result.form!.get('file') as File).text()).toBe(body);
    }
  });

  it('refuses headers another reader could take for another name, rather than guess', async () => {
    const boundary = 'xyz';
    const disguised = [
      'Content-Disposition: form-data; name="file"; name="user"; filename="a.txt"',
      'Content-Disposition: form-data; name="file"; filename="a.txt"; NAME="user"',
      'Content-Disposition: form-data; name*=utf-8\'\'user; name="file"; filename="a.txt"',
      'Content-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Disposition: form-data; name="user"',
      'Content-Disposition: form-data; name="file"; filename="a.txt"\r\n continued: folded',
      'Content-Disposition : form-data; name="file"; filename="a.txt"',
      'Content-Disposition: attachment; name="file"; filename="a.txt"',
      'Content-Type: text/plain',
      'Content-Disposition: form-data; filename="a.txt"',
    ];
    for (const headers of disguised) {
      const result = await run(raw(boundary, [`${headers}\r\n\r\nsecret`]), boundary, 3);
      expect(
        result.errors.map((e) => e.reason),
        headers,
      ).toEqual(['malformed']);
      expect(result.error, headers).toBeInstanceOf(Error);
    }
    // Quoted names are unescaped as a reader of the grammar would: a `user` in disguise is still dropped.
    const escaped = await run(
      raw(boundary, [
        'Content-Disposition: form-data; name="us\\er"\r\n\r\ncw:victim',
        'Content-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nok',
      ]),
      boundary,
      4,
    );
    expect(escaped.form!.getAll('user')).toEqual(['cw:me']);
  });

  it('refuses a body that ends before its closing delimiter', async () => {
    const bytes = new TextEncoder().encode('--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\ncut off');
    const result = await run(bytes, 'xyz', 8);
    expect(result.errors.map((e) => e.reason)).toEqual(['malformed']);
  });

  it('stops reading at its byte limit, however the form looks', async () => {
    const form = new FormData();
    form.set('file', new File([new Uint8Array(200_000)], 'big.bin'));
    const { bytes, boundary } = await encode(form);
    const result = await run(bytes, boundary, 4096, 50_000);
    expect(result.errors.map((e) => e.reason)).toEqual(['too_large']);
    // The chunk that passed the limit, and the one the source had queued ahead.
    expect(result.pulled).toBeLessThanOrEqual(50_000 + 2 * 4096);
  });

  it('reads the boundary only from a multipart/form-data type', () => {
    expect(formBoundary('multipart/form-data; boundary=----WebKitFormBoundaryAbC123')).toBe('----WebKitFormBoundaryAbC123');
    expect(formBoundary('multipart/form-data; charset=utf-8; boundary="a b:c"')).toBe('a b:c');
    expect(formBoundary('multipart/mixed; boundary=abc')).toBeNull();
    expect(formBoundary('multipart/form-data')).toBeNull();
    expect(formBoundary(`multipart/form-data; boundary=${'a'.repeat(71)}`)).toBeNull();
    expect(formBoundary('multipart/form-data; boundary="ends with space "')).toBeNull();
    expect(formBoundary('application/json')).toBeNull();
  });
});
