/**
 * Where a person's files live in the storage service, and how the names they see map to object keys.
 *
 * Supabase Storage takes only ASCII keys from a short list of characters, but people name files in any script.
 * Each path segment is therefore kept readable where it can be and escaped where it must be: a character outside
 * the safe set becomes `=XX` per UTF-8 byte (as in quoted-printable), `=` itself included. The mapping is
 * one-to-one, so the key is the only record of the name, renaming is a move, and a prefix search on an escaped
 * term finds names that start with the term.
 */
export const FILES_BUCKET = 'files';
/** docs/product.md §9: the storage list page size. */
export const FILES_PAGE_SIZE = 100;
/** The longest name a person may give a file or folder, in characters. */
export const MAX_NAME_LENGTH = 200;
/** Supabase's longest object key. */
export const MAX_KEY_LENGTH = 1024;
/** The storage service's placeholder that keeps an empty folder listed (supabase-js's own name). */
export const FOLDER_PLACEHOLDER = '.emptyFolderPlaceholder';

const SAFE = /^[A-Za-z0-9_!\-.*'() &$@;:+,]$/;
const hex = (byte: number) => `=${byte.toString(16).toUpperCase().padStart(2, '0')}`;

/** One name as one key segment. */
export function encodeName(name: string): string {
  // A segment of dots alone is a path step, not a name: escape every dot.
  if (/^\.+$/.test(name)) return name.replace(/\./g, hex(0x2e));
  let out = '';
  for (const char of name) {
    if (SAFE.test(char)) out += char;
    else for (const byte of new TextEncoder().encode(char)) out += hex(byte);
  }
  return out;
}

/** A key segment as the name it stands for; a segment that was not made by encodeName comes back as it is. */
export function decodeName(segment: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < segment.length; i++) {
    const escaped = /^=([0-9A-Fa-f]{2})/.exec(segment.slice(i));
    if (escaped) {
      bytes.push(parseInt(escaped[1]!, 16));
      i += 2;
    } else bytes.push(segment.charCodeAt(i));
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(bytes));
  } catch {
    return segment;
  }
}

/** The problem with a name a person typed, as a `files.invalid.*` message key; null when it is fine. */
export function nameProblem(name: string): 'empty' | 'slash' | 'tooLong' | 'reserved' | null {
  const trimmed = name.trim();
  if (!trimmed) return 'empty';
  if (/[/\\\0]/.test(trimmed)) return 'slash';
  if ([...trimmed].length > MAX_NAME_LENGTH) return 'tooLong';
  if (trimmed === FOLDER_PLACEHOLDER) return 'reserved';
  return null;
}

/** The key prefix of a folder (names from the top of the person's files), ending in `/`. */
export function folderPrefix(userId: string, folder: readonly string[]): string {
  return [userId, ...folder.map(encodeName), ''].join('/');
}

/** The object key of a file named `name` in `folder`. */
export function fileKey(userId: string, folder: readonly string[], name: string): string {
  return `${folderPrefix(userId, folder)}${encodeName(name.trim())}`;
}

/** A folder path typed as `a/b/c` (slashes separate folders), as its names; blank parts are dropped. */
export function parseFolderPath(text: string): string[] {
  return text
    .split('/')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** The file's type as the bucket knows it: the browser's, or from the extension when the browser has none. */
export function fileType(file: { name: string; type: string }): string {
  if (file.type) return file.type;
  const extension = file.name.toLowerCase().split('.').pop() ?? '';
  return extensionTypes[extension] ?? 'application/octet-stream';
}

const extensionTypes: Record<string, string> = {
  pdf: 'application/pdf',
  txt: 'text/plain',
  md: 'text/markdown',
  markdown: 'text/markdown',
  csv: 'text/csv',
  bib: 'application/x-bibtex',
  ris: 'application/x-research-info-systems',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

/** A bucket's `allowed_mime_types` test, wildcards (`image/*`) included; null or empty allows all. */
export function typeAllowed(allowed: readonly string[] | null, type: string): boolean {
  if (!allowed || allowed.length === 0) return true;
  const [major] = type.toLowerCase().split('/');
  return allowed.some((entry) => {
    const rule = entry.toLowerCase();
    return rule === type.toLowerCase() || (rule.endsWith('/*') && rule.slice(0, -2) === major);
  });
}
