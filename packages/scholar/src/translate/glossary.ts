// The scientific glossary: the project's own list of Chinese ↔ English technical terms (data/glossary/*.tsv, one
// file per field), laid over CC-CEDICT in query translation. A general dictionary knows 图 as "diagram" and 纠缠
// as "in a tangle"; the glossary knows 图神经网络 as "graph neural network" and 量子纠缠 as "quantum entanglement",
// ranks a term's senses for scientific text, and maps English multi-word terms and abbreviations (GNN, RAG) to
// their Chinese terms. Each line is `中文术语<TAB>english term | second sense | ABBR`, best sense first; a Chinese
// term is listed once in all the files, and an English term maps back to every Chinese term listing it, in the
// order the files list them.
import fs from 'node:fs';
import path from 'node:path';

export interface Glossary {
  /** Chinese term → its English senses, best first. */
  zh: Map<string, string[]>;
  /**
   * English term (normalised: normaliseEnglish) → the Chinese terms listing it, with its place among their senses
   * (0: their first sense). englishToChinese() ranks them.
   */
  en: Map<string, Array<{ zh: string; rank: number }>>;
  /** Longest Chinese term, in characters. */
  longestZh: number;
  /** Longest English term, in words. */
  longestEn: number;
  /** Lines read: one Chinese term each. */
  entries: number;
}

export class GlossaryError extends Error {
  override name = 'GlossaryError';
}

const HAN_ONLY = /^\p{Script=Han}+$/u;
/** An English sense: Latin letters, digits, Greek letters and the punctuation of term names, no Han. */
const ENGLISH = /^[\p{Script=Latin}\p{Script=Greek}0-9][\p{Script=Latin}\p{Script=Greek}0-9 '’+./,()-]*$/u;

/** An English term as the glossary and a query are matched: lower case, hyphens, slashes, commas and runs of spaces as one space. */
export const normaliseEnglish = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[’]/g, "'")
    .replace(/[-‐‑–—_/,()]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export function emptyGlossary(): Glossary {
  return { zh: new Map(), en: new Map(), longestZh: 0, longestEn: 0, entries: 0 };
}

/**
 * Adds the lines of one glossary file to `into`. A malformed line, or a Chinese term listed before, is an error
 * naming the file and line: the files are data the team edits by hand, and a mistake must not pass silently.
 */
export function parseGlossary(text: string, name = 'glossary', into: Glossary = emptyGlossary()): Glossary {
  text.split('\n').forEach((raw, index) => {
    const line = raw.replace(/\r$/, '');
    if (!line.trim() || line.startsWith('#')) return;
    const where = `${name}:${index + 1}`;
    const columns = line.split('\t');
    if (columns.length !== 2) throw new GlossaryError(`${where}: expected "中文<TAB>english | …", got ${columns.length} column(s)`);
    const zh = columns[0]!.trim();
    const senses = columns[1]!.split('|').map((s) => s.trim());
    if (!HAN_ONLY.test(zh)) throw new GlossaryError(`${where}: the Chinese term "${zh}" must be Chinese characters only`);
    if (senses.some((s) => !ENGLISH.test(s))) throw new GlossaryError(`${where}: an English sense of ${zh} is empty or not Latin script`);
    if (new Set(senses.map(normaliseEnglish)).size !== senses.length) throw new GlossaryError(`${where}: ${zh} lists a sense twice`);
    if (into.zh.has(zh)) throw new GlossaryError(`${where}: ${zh} is listed twice`);
    into.zh.set(zh, senses);
    into.entries++;
    into.longestZh = Math.max(into.longestZh, [...zh].length);
    senses.forEach((sense, rank) => {
      const key = normaliseEnglish(sense);
      const list = into.en.get(key);
      if (list) list.push({ zh, rank });
      else into.en.set(key, [{ zh, rank }]);
      into.longestEn = Math.max(into.longestEn, key.split(' ').length);
    });
  });
  return into;
}

/**
 * Where the glossary files are: `@citewise/scholar/glossary/`, found from the working directory at run time (as the
 * CC-CEDICT file is, cedict.ts), so the web app's bundler neither inlines nor moves them.
 */
export function glossaryDir(): string {
  const { createRequire } = process.getBuiltinModule('node:module');
  return path.dirname(createRequire(path.join(process.cwd(), 'index.js')).resolve('@citewise/scholar/glossary/README.md'));
}

/** Every `*.tsv` of a directory, in name order, as one glossary. */
export function readGlossary(dir: string): Glossary {
  const glossary = emptyGlossary();
  for (const file of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.tsv'))
    .sort())
    parseGlossary(fs.readFileSync(path.join(dir, file), 'utf8'), file, glossary);
  return glossary;
}

/**
 * The Chinese terms of an English term, best first: those naming it as their first sense before those naming it
 * further down (so "channel" is 信道 before the 通道 of an ion channel only if 信道 lists it first), then in the
 * order the files list them.
 */
export function englishToChinese(glossary: Glossary, key: string): string[] {
  const list = glossary.en.get(key);
  if (!list) return [];
  return list
    .map((x, i) => ({ ...x, i }))
    .sort((a, b) => a.rank - b.rank || a.i - b.i)
    .map((x) => x.zh);
}

let loaded: Glossary | null = null;

/** The shipped glossary, read on first use (a few milliseconds) and kept for the life of the process. */
export function loadGlossary(): Glossary {
  loaded ??= readGlossary(glossaryDir());
  return loaded;
}
