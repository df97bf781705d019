// CSL-JSON files: export, and a reader that finds the array's elements itself (tracking strings and nesting) so
// that a syntax error inside one item breaks only that item. It takes the text in pieces, so files stream.
import type { Paper } from '../paper';
import { paperFromCsl, paperToCsl, type CslItem } from './csl-item';
import { contentId, derivePaperId } from './paper-id';

export function toCslJson(papers: Paper[]): string {
  const seen = new Set<string>();
  const items = papers.filter((p) => !seen.has(p.id) && (seen.add(p.id), true)).map(paperToCsl);
  return `${JSON.stringify(items, null, 2)}\n`;
}

export interface CslJsonElement {
  line: number;
  entry: number;
  text: string;
}

/** Finds the elements of a top-level JSON array (or a single top-level object) in text fed piece by piece. */
export class CslJsonSplitter {
  private depth = 0;
  private inString = false;
  private escaped = false;
  private started = false;
  private element: { line: number; parts: string[] } | null = null;
  private entries = 0;
  private line = 1;
  private atLineStart = true;
  private lastSignificant = '';
  /** Set when the text is not an array or object at all. */
  problem: string | null = null;

  push(text: string): CslJsonElement[] {
    const out: CslJsonElement[] = [];
    let from = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!;
      if (c === '\n') {
        this.line++;
        this.atLineStart = true;
        continue;
      }
      const lineStart = this.atLineStart && !/\s/.test(c);
      if (!/\s/.test(c)) this.atLineStart = false;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === '\\') this.escaped = true;
        else if (c === '"') this.inString = false;
        continue;
      }
      const previous = this.lastSignificant;
      if (!/\s/.test(c)) this.lastSignificant = c;
      if (c === '"') this.inString = true;
      // An element whose closing brace is missing: the next item starts at a line's beginning after a comma.
      if (c === '{' && lineStart && this.depth === 1 && previous === ',' && this.element) {
        this.element.parts.push(text.slice(from, i));
        out.push({ line: this.element.line, entry: ++this.entries, text: this.element.parts.join('') });
        this.element = null;
        this.depth = 0;
      }
      if (!this.started) {
        if (/\s/.test(c) || c === '\uFEFF') continue;
        this.started = true;
        if (c === '[') continue;
        if (c !== '{') {
          this.problem = 'not a CSL-JSON array or object';
          return out;
        }
      }
      // A bare value in the array (a number, a string, null) is an element too, and a broken one.
      if (this.depth === 0 && this.started && !/[\s,{}[\]]/.test(c)) {
        const end = text.slice(i).search(/[\s,\]]/);
        const token = end < 0 ? text.slice(i) : text.slice(i, i + end);
        out.push({ line: this.line, entry: ++this.entries, text: c === '"' ? `${token}"` : token });
        this.inString = false;
        i += token.length - 1;
        continue;
      }
      if (this.depth === 0 && (c === '{' || c === '[')) {
        this.element = { line: this.line, parts: [] };
        from = i;
      }
      if (c === '{' || c === '[') this.depth++;
      if (c === '}' || c === ']') {
        if (this.depth === 0) continue; // the closing bracket of the outer array
        this.depth--;
        if (this.depth === 0 && this.element) {
          this.element.parts.push(text.slice(from, i + 1));
          out.push({ line: this.element.line, entry: ++this.entries, text: this.element.parts.join('') });
          this.element = null;
        }
      }
    }
    if (this.element) this.element.parts.push(text.slice(from));
    return out;
  }

  /** The unfinished element at the end, if any (its brackets never closed). */
  end(): CslJsonElement | null {
    if (!this.element) return null;
    return { line: this.element.line, entry: ++this.entries, text: this.element.parts.join('') };
  }
}

export function paperFromCslJsonElement(element: Pick<CslJsonElement, 'text'>, defaults: { source?: string } = {}): Paper {
  let value: unknown;
  try {
    value = JSON.parse(element.text);
  } catch (error) {
    throw new Error(`not valid JSON (${error instanceof Error ? error.message : error})`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('item is not a JSON object');
  const item = value as CslItem;
  const hasId = item.id !== undefined && item.id !== null && String(item.id).trim() !== '';
  const paper = paperFromCsl({ ...item, id: hasId ? item.id : 'pending' }, { source: defaults.source ?? 'csl-json' });
  if (!hasId) paper.id = derivePaperId(paper, contentId('csl-json', paper));
  return paper;
}
