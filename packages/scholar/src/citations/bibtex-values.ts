// Writing values into BibTeX so that they read back exactly: LaTeX's special characters are escaped, ligatures
// that TeX would merge (-- ``) are broken up, and line breaks become \par. The file stays UTF-8: modern BibTeX
// engines (biber, bibtex8/bibtexu) read Chinese and accented text as is.

const SPECIAL: Record<string, string> = {
  '\\': '\\textbackslash{}',
  '{': '\\{',
  '}': '\\}',
  $: '\\$',
  '%': '\\%',
  '&': '\\&',
  '#': '\\#',
  _: '\\_',
  '~': '\\textasciitilde{}',
  '^': '\\textasciicircum{}',
  // In LaTeX's default font encoding < and > print as ¡ and ¿.
  '<': '\\textless{}',
  '>': '\\textgreater{}',
};

/** Text (titles, abstracts, names) as a BibTeX value body, without the enclosing braces. */
export function escapeLatex(text: string): string {
  return (
    text
      .replace(/[\\{}$%&#_~^<>]/g, (c) => SPECIAL[c]!)
      // TeX turns -- into an en dash and `` '' into quotes: an empty group keeps the characters apart.
      .replace(/-(?=-)/g, '-{}')
      .replace(/`(?=`)/g, '`{}')
      .replace(/'(?=')/g, "'{}")
      .replace(/[ \t]*\r?\n[ \t]*/g, '\\par ')
  );
}

/** Verbatim fields (url, doi, eprint) are not LaTeX: only their braces must balance. */
export function verbatimValue(text: string): string {
  return text.replace(/[{}]/g, (c) => (c === '{' ? '%7B' : '%7D'));
}

/** Splits a list field ("a, {b, c}; d") at top-level commas and semicolons. */
export function splitTopLevel(raw: string, separators = /[,;]/): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c === '\\' && i + 1 < raw.length) {
      current += c + raw[++i];
      continue;
    }
    if (c === '{') depth++;
    if (c === '}') depth--;
    if (depth === 0 && separators.test(c)) {
      parts.push(current);
      current = '';
    } else current += c;
  }
  parts.push(current);
  return parts.map((p) => p.trim()).filter(Boolean);
}

/** Splits a name list at top-level " and ". */
export function splitNames(raw: string): string[] {
  const names: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c === '{') depth++;
    else if (c === '}') depth--;
    else if (depth === 0 && /\s/.test(c) && /^\s+and\s/i.test(raw.slice(i))) {
      names.push(raw.slice(start, i));
      const match = /^\s+and\s+/i.exec(raw.slice(i))!;
      i += match[0].length - 1;
      start = i + 1;
    }
  }
  names.push(raw.slice(start));
  return names.map((n) => n.trim()).filter(Boolean);
}

/** A list item that contains a separator is wrapped in braces so it stays one item. */
export const listItem = (item: string, separators = /[,;]/) => (separators.test(item) ? `{${escapeLatex(item)}}` : escapeLatex(item));

export const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
