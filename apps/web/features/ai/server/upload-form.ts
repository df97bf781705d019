import 'server-only';
import type { Locale } from '@/lib/i18n/routing';
import { translator } from '@/lib/i18n/translator';
import type { AiUpstream } from './ai-upstream';
import { DifyProxyError } from './dify-error';
import { filterMultipart, formBoundary, MultipartError } from './multipart-filter';

// POST files/upload: the browser's multipart form streamed through to the runtime, never held whole. The cap is
// the runtime's own (the larger of its document and image limits, as its /parameters reports them), plus room for
// the form around the file: checked against Content-Length before reading, and counted while the body streams.

/** Room for the multipart framing around the file: boundaries, part headers, a long file name. */
export const MULTIPART_OVERHEAD = 64 * 1024;
/** Dify's defaults (UPLOAD_FILE_SIZE_LIMIT 15, UPLOAD_IMAGE_FILE_SIZE_LIMIT 10), while the runtime does not say. */
const DEFAULT_LIMIT_MB = 15;
const LIMIT_TTL_MS = 60_000;
const FAILED_LIMIT_TTL_MS = 10_000;

const limits = new Map<string, { mb: number; expiresAt: number }>();

/** The largest file in MB the runtime accepts (of documents and images), asked of it at most once a minute. */
export async function uploadLimitMb(upstream: AiUpstream): Promise<number> {
  const known = limits.get(upstream.baseUrl);
  if (known && known.expiresAt > Date.now()) return known.mb;
  let mb = DEFAULT_LIMIT_MB;
  let ttl = FAILED_LIMIT_TTL_MS;
  try {
    const response = await upstream.fetch(new Request(`${upstream.baseUrl}/parameters`, { headers: { authorization: `Bearer ${upstream.key}` } }));
    const body = response.ok ? ((await response.json()) as { system_parameters?: Record<string, unknown> }) : null;
    if (!response.ok) await response.body?.cancel();
    const sizes = [body?.system_parameters?.file_size_limit, body?.system_parameters?.image_file_size_limit].filter(
      (value): value is number => typeof value === 'number' && Number.isFinite(value) && value > 0,
    );
    if (sizes.length > 0) {
      mb = Math.max(...sizes);
      ttl = LIMIT_TTL_MS;
    }
  } catch (error) {
    console.warn('[ai] the upload limit could not be read from the AI runtime; assuming Dify’s default', error);
  }
  limits.set(upstream.baseUrl, { mb, expiresAt: Date.now() + ttl });
  return mb;
}

/** An upload on its way: the browser's body, filtered as it streams, and why it was refused if it was. */
export class UploadForm {
  /** Set when the body was cut off (too large, malformed): what the proxy answers instead of the runtime. */
  refusal: DifyProxyError | null = null;

  constructor(
    private readonly source: ReadableStream<Uint8Array>,
    readonly boundary: string,
    private readonly maxBytes: number,
    private readonly limitMb: number,
    private readonly locale: Locale,
  ) {}

  get contentType() {
    return `multipart/form-data; boundary=${this.boundary}`;
  }

  /** The form the runtime receives: the verified end user first, then the browser's `file` parts only. */
  body(endUser: string): ReadableStream<Uint8Array> {
    return filterMultipart(
      this.source,
      { boundary: this.boundary, keep: (name) => name === 'file', fields: { user: endUser }, maxBytes: this.maxBytes },
      (error) => (this.refusal = refusalOf(error.reason, this.limitMb, this.locale)),
    );
  }
}

/** Opens an upload: refused at once when it is not a form or says it is larger than the runtime accepts. */
export async function openUpload(request: Request, upstream: AiUpstream, locale: Locale): Promise<UploadForm> {
  const boundary = formBoundary(request.headers.get('content-type'));
  if (!boundary || !request.body) throw refusalOf('malformed', 0, locale);
  const limitMb = await uploadLimitMb(upstream);
  const maxBytes = limitMb * 1024 * 1024 + MULTIPART_OVERHEAD;
  const declared = request.headers.get('content-length');
  if (declared !== null && !(Number(declared) <= maxBytes)) throw refusalOf('too_large', limitMb, locale);
  return new UploadForm(request.body, boundary, maxBytes, limitMb, locale);
}

function refusalOf(reason: MultipartError['reason'], limitMb: number, locale: Locale): DifyProxyError {
  const v = translator(locale, 'validation');
  if (reason === 'too_large') return new DifyProxyError(413, 'file_too_large', v('upload_too_large', { limit: limitMb }));
  return new DifyProxyError(400, 'no_file_uploaded', v('invalid'));
}
