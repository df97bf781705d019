// Offline query translation through the bilingual dictionary. A Chinese query is cut into the longest dictionary
// words (forward maximum matching over CC-CEDICT's headwords), each word becoming one term with its English
// glosses; an English query is matched the other way, longest phrase first. Latin tokens of a Chinese query (gene
// names, acronyms, numbers) and English words without an entry stay as they are. The search (local/search.ts)
// turns each term into one synonym group: the source word or any of its translations, counted as one query term.
import { loadDictionary, SCIENTIFIC, type Dictionary } from './cedict';

export type QueryLanguage = 'zh' | 'en';

export interface TranslatedTerm {
  /** The word as the query has it. */
  source: string;
  /** Its translations, best first (none: searched as it is). */
  translations: string[];
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

/** Translations kept per word: a word's common senses, not every listed one (its scientific senses are kept too). */
export const MAX_TRANSLATIONS = 3;

const HAN = /\p{Script=Han}/u;
const HAN_RUN = /\p{Script=Han}+|[^\p{Script=Han}]+/gu;

/** Chinese function words: searched in neither language. */
const ZH_STOP = new Set(
  ('的 了 在 是 和 与 及 或 对 中 为 被 把 从 而 等 也 都 就 这 那 其 之 以 于 由 将 可 能 会 有 没有 不 并 但 如果 因为 所以 一个 一种 ' +
    '个 上 下 时 后 前 到 向 给 让 使 用 着 过 又 还 很 更 最 已 已经 所 该 此 各 每 即 则 若 如 至 及其 以及 通过 进行 具有 存在 一 两 ' +
    '一些 这些 那些 我们 他们 它们 本文 研究 基于 关于 对于 方面 相关 其中 以下 以上 之间 之后 之前 当 再 才 只 仍 且 中的 中有 的是 是否 可以 能够').split(' '),
);
/** English words left out of the dictionary lookup (PostgreSQL drops them from the search anyway). */
const EN_STOP = new Set(
  ('a an the of in on at to for from by with and or not no is are was were be been being has have had do does did ' +
    'this that these those it its as than then there their which who whom whose what when where why how can could may ' +
    'might will would shall should must into onto over under about after before between during through via per vs ' +
    'more less most least very much many some any each all both either neither such same other only also but if so').split(' '),
);

export function queryLanguage(query: string): QueryLanguage {
  return HAN.test(query) ? 'zh' : 'en';
}

const distinct = (items: string[]) => [...new Set(items)];

/** Forward maximum matching: the longest headword at each position, a single character when none. */
function cutChinese(run: string, dictionary: Dictionary): string[] {
  const chars = [...run];
  const words: string[] = [];
  for (let i = 0; i < chars.length; ) {
    let length = Math.min(dictionary.longest, chars.length - i);
    while (length > 1 && !dictionary.zh.has(chars.slice(i, i + length).join(''))) length--;
    words.push(chars.slice(i, i + length).join(''));
    i += length;
  }
  return words;
}

/** A word's first senses and any scientific one after them. */
function glossesOf(dictionary: Dictionary, word: string): string[] {
  const glosses = dictionary.zh.get(word)?.split('/') ?? [];
  return glosses.filter((g, i) => i < MAX_TRANSLATIONS || g.startsWith(SCIENTIFIC)).map((g) => (g.startsWith(SCIENTIFIC) ? g.slice(1) : g));
}

function fromChinese(query: string, dictionary: Dictionary): TranslatedTerm[] {
  const terms: TranslatedTerm[] = [];
  for (const [run] of query.matchAll(HAN_RUN)) {
    if (!HAN.test(run)) {
      // Latin tokens are searched as written; punctuation between them is left to the search's analysis.
      for (const token of run.split(/[\s,，。；;：:、()（）[\]【】"“”'‘’!?！？]+/u)) if (/[\p{L}\p{N}]/u.test(token)) terms.push({ source: token, translations: [] });
      continue;
    }
    for (const word of cutChinese(run, dictionary)) {
      if (ZH_STOP.has(word)) continue;
      terms.push({ source: word, translations: glossesOf(dictionary, word) });
    }
  }
  return terms;
}

/** An English word's dictionary key: as written, then a plural's singular. */
function englishKeys(phrase: string): string[] {
  const keys = [phrase];
  if (phrase.endsWith('ies')) keys.push(`${phrase.slice(0, -3)}y`);
  else if (phrase.endsWith('es')) keys.push(phrase.slice(0, -2), phrase.slice(0, -1));
  else if (phrase.endsWith('s') && !phrase.endsWith('ss')) keys.push(phrase.slice(0, -1));
  return keys;
}

function fromEnglish(query: string, dictionary: Dictionary): TranslatedTerm[] {
  const words = query.split(/[^\p{L}\p{N}'-]+/u).filter(Boolean);
  const terms: TranslatedTerm[] = [];
  for (let i = 0; i < words.length; ) {
    if (EN_STOP.has(words[i]!.toLowerCase())) {
      i++;
      continue;
    }
    let matched = false;
    for (let length = Math.min(3, words.length - i); length >= 1 && !matched; length--) {
      const phrase = words.slice(i, i + length).join(' ');
      if (length > 1 && words.slice(i, i + length).some((w) => EN_STOP.has(w.toLowerCase()))) continue;
      for (const key of englishKeys(phrase.toLowerCase())) {
        const zh = dictionary.en.get(key);
        if (!zh) continue;
        terms.push({ source: phrase, translations: zh.split(' ').slice(0, MAX_TRANSLATIONS) });
        i += length;
        matched = true;
        break;
      }
    }
    if (!matched) terms.push({ source: words[i++]!, translations: [] });
  }
  return terms;
}

/** The query's terms and their translations into the other language, from the bundled dictionary. */
export function translateWithDictionary(query: string, dictionary: Dictionary = loadDictionary()): QueryTranslation {
  const from = queryLanguage(query);
  const terms = from === 'zh' ? fromChinese(query, dictionary) : fromEnglish(query, dictionary);
  return { from, to: from === 'zh' ? 'en' : 'zh', terms: terms.map((t) => ({ source: t.source, translations: distinct(t.translations) })), engine: 'dictionary' };
}

/** The translations a person is shown: "glycolysis, metabolic pathway", after a model's whole translation when there is one. */
export const translatedWords = (translation: QueryTranslation) =>
  distinct([...(translation.text ? [translation.text] : []), ...translation.terms.flatMap((t) => t.translations.slice(0, 1))]);
