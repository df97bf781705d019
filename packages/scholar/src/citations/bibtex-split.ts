// Cuts a BibTeX file into entries before anything parses them, so that one broken entry (an unclosed brace, a
// stray quote) costs only itself. An entry starts at a line beginning with `@type{` or `@type(`; everything up to
// the next such line belongs to it. Works line by line, so files of any size stream through.

export interface BibtexChunk {
  /** Line of the `@` (1-based). */
  line: number;
  /** 1-based position among the file's entries (`@string`, `@preamble` and `@comment` not counted). */
  entry: number;
  type: string;
  /** The entry's key as written, if the first line has one. */
  key?: string;
  text: string;
}

const START = /^\s*@\s*([A-Za-z]+)\s*[{(]\s*([^,\s]*)/;

export class BibtexSplitter {
  private current: { line: number; type: string; key?: string; lines: string[] } | null = null;
  private entries = 0;
  /** `@string` definitions seen so far, prepended when an entry is parsed (entries may use them). */
  readonly strings: string[] = [];

  /** Feeds one line; returns the entry it completed, if any. */
  push(line: string, lineNumber: number): BibtexChunk | null {
    const start = START.exec(line);
    if (!start) {
      this.current?.lines.push(line);
      return null;
    }
    const done = this.finish();
    this.current = { line: lineNumber, type: start[1]!.toLowerCase(), key: start[2] || undefined, lines: [line] };
    return done;
  }

  /** Ends the input; returns the last entry, if any. */
  end(): BibtexChunk | null {
    return this.finish();
  }

  private finish(): BibtexChunk | null {
    const chunk = this.current;
    this.current = null;
    if (!chunk) return null;
    const text = chunk.lines.join('\n');
    if (chunk.type === 'comment' || chunk.type === 'preamble') return null;
    if (chunk.type === 'string') {
      this.strings.push(trimAfterEntry(text));
      return null;
    }
    return { line: chunk.line, entry: ++this.entries, type: chunk.type, key: chunk.key, text: trimAfterEntry(text) };
  }
}

/** Drops what follows an entry's closing brace (BibTeX treats text between entries as a comment). */
function trimAfterEntry(text: string): string {
  const open = text.search(/[{(]/);
  const close = text[open] === '(' ? ')' : '}';
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '{' || (close === ')' && c === '(')) depth++;
    else if (c === '}' || (close === ')' && c === ')')) {
      depth--;
      if (depth === 0) return text.slice(0, i + 1);
    }
  }
  return text;
}

/** Splits a whole BibTeX text into entries (for parsing strings rather than files). */
export function splitBibtex(text: string): { chunks: BibtexChunk[]; strings: string[] } {
  const splitter = new BibtexSplitter();
  const chunks: BibtexChunk[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    const chunk = splitter.push(line, i + 1);
    if (chunk) chunks.push(chunk);
  });
  const last = splitter.end();
  if (last) chunks.push(last);
  return { chunks, strings: splitter.strings };
}
