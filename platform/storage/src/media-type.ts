// Media types as RFC 9110 defines them (§8.3.1, with token and quoted-string from §5.6), read strictly.
//
// Why not a library: jshttp's `content-type` became lenient in version 2 ("does not error"), and WHATWG's MIME
// sniffing parser (`whatwg-mimetype`) skips malformed parameters by design, as browsers must. Both would accept
// values a browser later reads differently from us (`image/png/, text/html` rendered as a page was the attack).
// What this service needs is the opposite: one reading, and a refusal for anything that is not the grammar.

const TCHAR = "!#$%&'*+.^_`|~0-9A-Za-z-";
const TOKEN = `[${TCHAR}]+`;
// qdtext and quoted-pair; obs-text (0x80-0xFF) is allowed by the RFC but never needed in a media type, so refused.
const QUOTED = '"(?:[\\t \\x21\\x23-\\x5b\\x5d-\\x7e]|\\\\[\\t \\x21-\\x7e])*"';
const PARAMETER = `${TOKEN}=(?:${TOKEN}|${QUOTED})`;
const MEDIA_TYPE = new RegExp(`^(${TOKEN})/(${TOKEN})((?:[ \\t]*;[ \\t]*(?:${PARAMETER})?)*)$`);
const EACH_PARAMETER = new RegExp(`(${TOKEN})=(${TOKEN}|${QUOTED})`, 'g');

/** Longer values are refused before any matching: no real media type comes close. */
export const MAX_MEDIA_TYPE_LENGTH = 255;

export interface MediaType {
  /** `type/subtype`, lower-cased: what is compared with a bucket's list, stored, and served. */
  essence: string;
  /** Parameter names lower-cased, values unquoted; the first of a repeated name wins. */
  parameters: Record<string, string>;
}

/** The media type in `value`, or null when it is not one (the caller answers 400 and stores nothing). */
export function parseMediaType(value: string): MediaType | null {
  // A field value's surrounding whitespace is not part of it (RFC 9110 §5.5).
  const trimmed = value.replace(/^[ \t]+|[ \t]+$/g, '');
  if (trimmed.length === 0 || trimmed.length > MAX_MEDIA_TYPE_LENGTH) return null;
  const match = MEDIA_TYPE.exec(trimmed);
  if (!match) return null;
  const parameters: Record<string, string> = {};
  for (const [, name, raw] of match[3]!.matchAll(EACH_PARAMETER)) {
    const key = name!.toLowerCase();
    if (key in parameters) continue;
    parameters[key] = raw!.startsWith('"') ? raw!.slice(1, -1).replace(/\\(.)/g, '$1') : raw!;
  }
  return { essence: `${match[1]}/${match[2]}`.toLowerCase(), parameters };
}

/**
 * Types a browser shows in place without running anything of the file's: raster images, PDF and plain text.
 * Every other type is served as an attachment (see `servingHeaders`).
 */
export const INLINE_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'application/pdf', 'text/plain']);

const RUNNABLE = /^(text\/html|(text|application)\/xml|[^/]+\/[^/]+\+xml|(text|application)\/(x-)?(java|ecma)script)$/;

/** Headers every answer of the storage service carries, errors and JSON included. */
export const SAFETY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "sandbox; default-src 'none'",
};

/**
 * The Content-Type and Content-Disposition an object is served with, from its stored type alone. A stored value
 * that is not a media type (a row written before types were parsed) is served as opaque bytes to download.
 */
export function servingHeaders(storedType: string, fileName: string): { 'content-type': string; 'content-disposition'?: string } {
  const essence = parseMediaType(storedType)?.essence ?? 'application/octet-stream';
  if (INLINE_TYPES.has(essence)) return { 'content-type': essence === 'text/plain' ? 'text/plain; charset=utf-8' : essence };
  // A page, an SVG or a script is sent as text, so even a download opened by hand shows its source.
  const type = RUNNABLE.test(essence) ? 'text/plain; charset=utf-8' : essence;
  return { 'content-type': type, 'content-disposition': attachment(fileName) };
}

/**
 * `Content-Disposition: attachment` naming the file the way Supabase's server does for `?download=name`
 * (percent-encoded in both `filename` and `filename*`, so no name can break out of the header); without a name,
 * `attachment;`.
 */
export function attachment(fileName: string): string {
  if (!fileName) return 'attachment;';
  const encoded = encodeURIComponent(fileName);
  return `attachment; filename=${encoded}; filename*=UTF-8''${encoded}`;
}
