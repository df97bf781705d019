// XML parsing shared by the Atom (arXiv) and E-utilities (PubMed) adapters: validate first, so a truncated or
// HTML body becomes a clear `malformed_response` instead of a half-parsed tree.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { SourceId } from './source';
import { SourceError } from './source-error';

export interface XmlOptions {
  /** Element names that are always lists, even with one child. */
  arrays: string[];
  /** Elements whose inner markup is kept as raw text (mixed content: `<i>`, MathML). */
  raw?: string[];
}

export function parseXml(source: SourceId, text: string, options: XmlOptions): Record<string, unknown> {
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    throw new SourceError(source, 'malformed_response', `${source} answered with XML that does not parse (line ${valid.err.line}: ${valid.err.msg})`);
  }
  const arrays = new Set(options.arrays);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    stopNodes: (options.raw ?? []).map((name) => `*.${name}`),
    isArray: (name) => arrays.has(name),
  });
  return parser.parse(text) as Record<string, unknown>;
}

/** The text of an element that may carry attributes (`{"#text": "1", "xmlns:…": …}`) or be plain. */
export function textOf(node: unknown): string | null {
  if (typeof node === 'string') return node.trim() || null;
  if (typeof node === 'number') return String(node);
  if (node && typeof node === 'object' && '#text' in node) return textOf((node as Record<string, unknown>)['#text']);
  return null;
}
