// arXiv writes accented names in TeX ("Bal\'azs", "M{\"u}ller", "{\o}"); this turns the usual accent commands
// and special letters into Unicode, fast enough for millions of records. Anything else stays as written.

const ACCENTS: Record<string, string> = {
  "'": '\u0301',
  '`': '\u0300',
  '^': '\u0302',
  '"': '\u0308',
  '~': '\u0303',
  '=': '\u0304',
  '.': '\u0307',
  c: '\u0327',
  v: '\u030C',
  u: '\u0306',
  H: '\u030B',
  k: '\u0328',
  r: '\u030A',
  d: '\u0323',
};
const LETTERS: Record<string, string> = {
  o: 'ø',
  O: 'Ø',
  l: 'ł',
  L: 'Ł',
  ss: 'ß',
  ae: 'æ',
  AE: 'Æ',
  oe: 'œ',
  OE: 'Œ',
  aa: 'å',
  AA: 'Å',
  i: 'ı',
  j: 'ȷ',
};

/** `\'a`, `\'{a}`, `{\'a}`, `\c{c}`, `{\o}`, `\ss{}` → á, á, á, ç, ø, ß. */
export function decodeTexAccents(text: string): string {
  if (!text.includes('\\')) return text;
  return text
    .replace(/\\([a-zA-Z]{1,2})(?![a-zA-Z])(?:\{\})?/g, (match, name: string) => LETTERS[name] ?? match)
    .replace(/\\(['`^"~=.]|[cvuHkrd](?=[\s{]))\s*(?:\{\s*([^{}\\]|\\?[ıȷ])\s*\}|([A-Za-zıȷ]))/g, (match, accent: string, braced?: string, bare?: string) => {
      const base = (braced ?? bare ?? '').replace('ı', 'i').replace('ȷ', 'j');
      return base ? `${base}${ACCENTS[accent]}` : match;
    })
    .replace(/\{([^{}\\]*)\}/g, '$1')
    .normalize('NFC');
}
