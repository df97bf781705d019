// Offline query translation: the scientific glossary (glossary.ts) first, CC-CEDICT (cedict.ts) for every other word.
// A Chinese query is cut into words over both word lists at once, the cut with the fewest words winning (so a
// compound beats its characters: 图神经网络 is one word, not 图 "diagram" and 神经网络), each word becoming one term
// with its English translations; an English query is matched the other way, longest phrase first. Latin tokens of a
// Chinese query (gene names, acronyms, numbers) and English words without an entry stay as they are. The search
// (local/search.ts) turns each term into one synonym group: the source word or any of its translations, counted as
// one query term.
import { loadDictionary, SCIENTIFIC, type Dictionary } from './cedict';
import { englishToChinese, loadGlossary, normaliseEnglish, type Glossary } from './glossary';
import { EN_STOP, IRREGULAR, ZH_STOP } from './word-lists';

export type QueryLanguage = 'zh' | 'en';

/** Where a term's translations came from: the scientific glossary or the general dictionary (CC-CEDICT). */
export type TranslationSource = 'glossary' | 'dictionary';

export interface TranslatedTerm {
  /** The word as the query has it. */
  source: string;
  /** Its translations, best first (none: searched as it is). */
  translations: string[];
  /** Where the translations came from (absent when there are none). */
  via?: TranslationSource;
}

export interface QueryTranslation {
  from: QueryLanguage;
  to: QueryLanguage;
  /** The query's terms in order; Latin tokens of a Chinese query are terms without translations. */
  terms: TranslatedTerm[];
  engine: 'dictionary' | 'llm';
  /** The whole query in the other language, as a model translated it (engine `llm`); its words are searched too. */
  text?: string;
}

/** A query's translation, or null for none; may be asynchronous (a model) and must fall back on its own. */
export type QueryTranslator = (query: string, signal?: AbortSignal) => QueryTranslation | null | Promise<QueryTranslation | null>;

/** The word lists offline translation reads; `glossary: null` translates with CC-CEDICT alone (bench: "before"). */
export interface Lexicon {
  dictionary: Dictionary;
  glossary: Glossary | null;
}

/**
 * A Chinese query of up to this many words (single characters not counted) names one subject: it keeps the
 * minimum-should-match over its words (local/search.ts: "量子纠缠 猫咪 烘焙学" must not find every quantum paper), and
 * with a model its words keep their glossary and dictionary translations beside the model's. A longer one is a
 * sentence, ranked by BM25 over all its words as an English sentence is (bench/crosslingual: a minimum on claims
 * halves their nDCG@10).
 */
export const TRANSLATED_MINIMUM_MAX_WORDS = 4;

/** A model's translation of more words than this (stop words not counted) is of a sentence, however few its Chinese words. */
export const MODEL_MINIMUM_MAX_WORDS = 6;

/**
 * Whether a translation is of a short Chinese query: at most TRANSLATED_MINIMUM_MAX_WORDS words (Chinese words and
 * Latin tokens such as gene names; single characters not counted) and, with a model's translation, at most
 * MODEL_MINIMUM_MAX_WORDS words in it. "活化的Ly49Q诱导中性粒细胞极化" is a sentence of five words, though only four are
 * Chinese.
 */
export function isShortChineseQuery(translation: QueryTranslation): boolean {
  if (translation.from !== 'zh') return false;
  const words = translation.terms.filter((t) => (HAN_ONLY.test(t.source) ? [...t.source].length > 1 : !HAN.test(t.source))).length;
  const modelWords = translation.text ? translation.text.split(/[^\p{L}\p{N}]+/u).filter((w) => w && !EN_STOP.has(w.toLowerCase())).length : 0;
  return words <= TRANSLATED_MINIMUM_MAX_WORDS && modelWords <= MODEL_MINIMUM_MAX_WORDS;
}

/** Translations kept per word of the general dictionary: its common senses, not every listed one (its scientific senses are kept too). */
export const MAX_TRANSLATIONS = 3;
/** The glossary's senses are few and ranked by hand: a term keeps this many. */
const MAX_GLOSSARY_TRANSLATIONS = 4;
/** Longest English phrase looked up in the general dictionary, in words. */
const MAX_DICTIONARY_PHRASE = 3;

const HAN = /\p{Script=Han}/u;
const HAN_ONLY = /^\p{Script=Han}+$/u;
const HAN_RUN = /\p{Script=Han}+|[^\p{Script=Han}]+/gu;
/** An abbreviation as the glossary writes it: one word with at least two capitals (GNN, RAG, CO2, mAP, LiDAR). */
const ABBREVIATION = /^(?=(?:[^A-Z]*[A-Z]){2})[A-Za-z0-9]+$/;

let lexicon: Lexicon | null = null;

/** The shipped word lists, loaded once per process. */
export function loadLexicon(): Lexicon {
  lexicon ??= { dictionary: loadDictionary(), glossary: loadGlossary() };
  return lexicon;
}

export function queryLanguage(query: string): QueryLanguage {
  return HAN.test(query) ? 'zh' : 'en';
}

const distinct = (items: string[]) => [...new Set(items)];

/**
 * The cut of a run of Han characters into words of either list with the fewest words, then the fewest single
 * characters, then the most characters in glossary terms (dynamic programming over the run). Unlike cutting the
 * longest word at each place, a long general word cannot swallow the start of a term: 量子计算机 is 量子 计算机.
 */
function cutChinese(run: string, { dictionary, glossary }: Lexicon): string[] {
  const chars = [...run];
  const longest = Math.max(dictionary.longest, glossary?.longestZh ?? 0);
  type Cut = { words: number; singles: number; glossary: number; from: number };
  const best: Cut[] = [{ words: 0, singles: 0, glossary: 0, from: -1 }];
  const better = (a: Cut, b: Cut) => a.words - b.words || a.singles - b.singles || b.glossary - a.glossary;
  for (let end = 1; end <= chars.length; end++) {
    let cut: Cut | null = null;
    for (let length = Math.min(longest, end); length >= 1; length--) {
      const word = chars.slice(end - length, end).join('');
      const inGlossary = Boolean(glossary?.zh.has(word));
      if (length > 1 && !inGlossary && !dictionary.zh.has(word)) continue;
      const before = best[end - length]!;
      const next = {
        words: before.words + 1,
        singles: before.singles + (length === 1 ? 1 : 0),
        glossary: before.glossary + (inGlossary ? length : 0),
        from: end - length,
      };
      if (!cut || better(next, cut) < 0) cut = next;
    }
    best[end] = cut!;
  }
  const words: string[] = [];
  for (let end = chars.length; end > 0; end = best[end]!.from) words.unshift(chars.slice(best[end]!.from, end).join(''));
  return words;
}

/** A general-dictionary word's first senses and any scientific one after them. */
function glossesOf(dictionary: Dictionary, word: string): string[] {
  const glosses = dictionary.zh.get(word)?.split('/') ?? [];
  return glosses.filter((g, i) => i < MAX_TRANSLATIONS || g.startsWith(SCIENTIFIC)).map((g) => (g.startsWith(SCIENTIFIC) ? g.slice(1) : g));
}

/**
 * An abbreviation that spells an everyday English word (MAP, ARM, RAG is "rag") would match that word in every
 * paper, since the index is lower case: searched as a translation only when it names nothing else.
 */
const everydayWord = (sense: string, dictionary: Dictionary) => ABBREVIATION.test(sense) && dictionary.en.has(sense.toLowerCase());

function translateChineseWord(word: string, { dictionary, glossary }: Lexicon): TranslatedTerm {
  const senses = glossary?.zh.get(word);
  if (senses) return { source: word, translations: senses.filter((s) => !everydayWord(s, dictionary)).slice(0, MAX_GLOSSARY_TRANSLATIONS), via: 'glossary' };
  const glosses = glossesOf(dictionary, word);
  return glosses.length ? { source: word, translations: glosses, via: 'dictionary' } : { source: word, translations: [] };
}

function fromChinese(query: string, lexicon: Lexicon): TranslatedTerm[] {
  const terms: TranslatedTerm[] = [];
  for (const [run] of query.matchAll(HAN_RUN)) {
    if (!HAN.test(run)) {
      // Latin tokens are searched as written; punctuation between them is left to the search's analysis.
      for (const token of run.split(/[\s,，。；;：:、()（）[\]【】"“”'‘’!?！？]+/u))
        if (/[\p{L}\p{N}]/u.test(token)) terms.push({ source: token, translations: [] });
      continue;
    }
    const words = cutChinese(run, lexicon);
    // Two or more characters in a row that neither list joins into a word are most often a name written character
    // by character (奥希替尼, osimertinib): they are searched as written, since their one-character senses (奥
    // "Austria") name nothing of it. A character alone between words (铁 "iron") is translated.
    const alone = (i: number) => [...words[i]!].length === 1 && !lexicon.glossary?.zh.has(words[i]!);
    words.forEach((word, i) => {
      if (ZH_STOP.has(word)) return;
      const inRun = alone(i) && ((i > 0 && alone(i - 1)) || (i + 1 < words.length && alone(i + 1)));
      terms.push(inRun ? { source: word, translations: [] } : translateChineseWord(word, lexicon));
    });
  }
  return terms;
}

/** A phrase's lookup keys: as written, then its last word's singular. */
function englishKeys(phrase: string): string[] {
  const keys = [phrase];
  const last = phrase.slice(phrase.lastIndexOf(' ') + 1);
  const stem = phrase.slice(0, phrase.length - last.length);
  if (IRREGULAR[last]) keys.push(stem + IRREGULAR[last]);
  else if (last.endsWith('ies')) keys.push(`${stem}${last.slice(0, -3)}y`);
  else if (last.endsWith('es')) keys.push(stem + last.slice(0, -2), stem + last.slice(0, -1));
  else if (last.endsWith('s') && !last.endsWith('ss')) keys.push(stem + last.slice(0, -1));
  return keys;
}

/** The glossary's Chinese terms for a phrase of the query (its words as written, and normalised), or none. */
function glossaryMatch(glossary: Glossary, dictionary: Dictionary, written: string): string[] {
  const normalised = normaliseEnglish(written);
  // A word that is also an everyday word is taken for an abbreviation only as the abbreviation is written, with its
  // capitals ("map" and "Map" are no mAP, the mean average precision).
  const asAbbreviation = (zh: string, key: string) => glossary.zh.get(zh)!.some((s) => normaliseEnglish(s) === key && ABBREVIATION.test(s));
  for (const key of englishKeys(normalised)) {
    const found = englishToChinese(glossary, key).filter((zh) => !asAbbreviation(zh, key) || ABBREVIATION.test(written) || !dictionary.en.has(key));
    if (found.length) return found;
  }
  return [];
}

function fromEnglish(query: string, { dictionary, glossary }: Lexicon): TranslatedTerm[] {
  const words = query.split(/[^\p{L}\p{N}'-]+/u).filter((w) => /[\p{L}\p{N}]/u.test(w));
  const stop = (word: string) => EN_STOP.has(word.toLowerCase());
  const terms: TranslatedTerm[] = [];
  for (let i = 0; i < words.length;) {
    if (stop(words[i]!)) {
      i++;
      continue;
    }
    // The longest phrase here that either list knows: the glossary's up to its longest term (stop words allowed
    // inside: "theory of mind"), the general dictionary's up to three words without stop words; at equal length the
    // glossary's.
    let match: { length: number; term: TranslatedTerm } | null = null;
    const longest = Math.min(Math.max(glossary?.longestEn ?? 0, MAX_DICTIONARY_PHRASE), words.length - i);
    for (let length = longest; length >= 1 && !match; length--) {
      const phraseWords = words.slice(i, i + length);
      if (stop(phraseWords[length - 1]!)) continue;
      const phrase = phraseWords.join(' ');
      const fromGlossary = glossary ? glossaryMatch(glossary, dictionary, phrase) : [];
      if (fromGlossary.length) {
        match = { length, term: { source: phrase, translations: fromGlossary.slice(0, MAX_TRANSLATIONS), via: 'glossary' } };
        break;
      }
      if (length > MAX_DICTIONARY_PHRASE || (length > 1 && phraseWords.some(stop))) continue;
      for (const key of englishKeys(phrase.toLowerCase())) {
        const zh = dictionary.en.get(key);
        if (zh) {
          match = { length, term: { source: phrase, translations: zh.split(' ').slice(0, MAX_TRANSLATIONS), via: 'dictionary' } };
          break;
        }
      }
    }
    if (match) {
      terms.push(match.term);
      i += match.length;
    } else terms.push({ source: words[i++]!, translations: [] });
  }
  return terms;
}

/**
 * The query's terms and their translations into the other language, from the glossary and the general dictionary.
 * `lexicon` replaces the shipped word lists (tests; `glossary: null` for CC-CEDICT alone).
 */
export function translateWithDictionary(query: string, lexicon: Partial<Lexicon> = {}): QueryTranslation {
  const lists: Lexicon = {
    dictionary: lexicon.dictionary ?? loadDictionary(),
    glossary: lexicon.glossary === undefined ? loadGlossary() : lexicon.glossary,
  };
  const from = queryLanguage(query);
  const terms = from === 'zh' ? fromChinese(query, lists) : fromEnglish(query, lists);
  return {
    from,
    to: from === 'zh' ? 'en' : 'zh',
    terms: terms.map((t) => (t.translations.length ? { ...t, translations: distinct(t.translations) } : { source: t.source, translations: [] })),
    engine: 'dictionary',
  };
}

/** The translations a person is shown: "glycolysis, metabolic pathway", after a model's whole translation when there is one. */
export const translatedWords = (translation: QueryTranslation) =>
  distinct([...(translation.text ? [translation.text] : []), ...translation.terms.flatMap((t) => t.translations.slice(0, 1))]);

/** One line of "what else was searched": a word of the query (or the whole query), its translation and where it came from. */
export interface ShownTranslation {
  source: string;
  target: string;
  via: TranslationSource | 'model';
}

/**
 * What a person is told was translated, and how: the model's whole translation, then each word translated by the
 * glossary or the dictionary (with a model, only when its translations are fused in) with its first translation.
 */
export function shownTranslations(query: string, translation: QueryTranslation): ShownTranslation[] {
  const shown: ShownTranslation[] = translation.text ? [{ source: query.trim(), target: translation.text, via: 'model' }] : [];
  const seen = new Set<string>();
  for (const t of translation.terms) {
    const target = t.translations[0];
    if (!target || !t.via || seen.has(t.source)) continue;
    seen.add(t.source);
    shown.push({ source: t.source, target, via: t.via });
  }
  return shown;
}
