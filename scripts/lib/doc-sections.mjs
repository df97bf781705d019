// @ts-check
// Section numbers of the repository's own documents (docs/*.md), and the places that cite them. Comments point at
// `docs/protocols/supabase-auth.md §6.4`; a renumbered or deleted section must not leave them pointing at nothing
// (docs-citations.test.mjs checks every citation in the repository).

/**
 * The numbers of a Markdown document's numbered headings: `## 6. Flows` → `6`, `### 6.4 Refresh` → `6.4`.
 * @param {string} markdown
 */
export function sectionNumbers(markdown) {
  /** @type {Set<string>} */
  const numbers = new Set();
  for (const match of markdown.matchAll(/^#{2,6}\s+(\d+(?:\.\d+)*)\.?\s/gm)) numbers.add(/** @type {string} */ (match[1]));
  return numbers;
}

/**
 * @typedef {{ doc: string | null, section: string, index: number }} Citation
 * `doc` is the cited document's path (`docs/product.md`), or null for a bare `§n` inside a document, which cites
 * that document itself.
 */

const NUMBER = String.raw`\d+(?:\.\d+)*`;
/** `§3.5`, `§3.7–3.9` (a range: both ends are checked), with `, §…` and ` and §…` continuing the list. */
const SECTIONS = String.raw`§${NUMBER}(?:[–-]${NUMBER})?(?:(?:,\s*|\s+and\s+)§?${NUMBER}(?:[–-]${NUMBER})?)*`;
const CITED = new RegExp(String.raw`(docs/[\w./-]+\.md)\`?\s*(?:\(\s*)?(${SECTIONS})`, 'g');
const BARE = new RegExp(String.raw`(${SECTIONS})`, 'g');

/**
 * Every section number in a list such as `§3.5, §3.7–3.9` (both ends of a range, each written in full).
 * @param {string} list
 */
function numbersIn(list) {
  /** @type {string[]} */
  const numbers = [];
  for (const part of list.split(/,\s*|\s+and\s+/)) {
    const [from, to] = part.replace(/^§/, '').split(/[–-]/);
    if (from) numbers.push(from);
    if (to) numbers.push(to);
  }
  return numbers;
}

/**
 * The citations of documents in `text`. With `self` (the path of the document `text` is), bare `§n` references
 * count as citations of that document; elsewhere only citations naming a document count.
 * @param {string} text
 * @param {string} [self]
 * @returns {Citation[]}
 */
export function citationsIn(text, self) {
  /** @type {Citation[]} */
  const found = [];
  /** @type {Set<number>} */
  const covered = new Set();
  for (const match of text.matchAll(CITED)) {
    const index = /** @type {number} */ (match.index);
    for (const section of numbersIn(/** @type {string} */ (match[2]))) found.push({ doc: /** @type {string} */ (match[1]), section, index });
    for (let at = index; at < index + match[0].length; at++) covered.add(at);
  }
  if (self) {
    for (const match of text.matchAll(BARE)) {
      const index = /** @type {number} */ (match.index);
      if (covered.has(index)) continue;
      for (const section of numbersIn(/** @type {string} */ (match[1]))) found.push({ doc: null, section, index });
    }
  }
  return found;
}
