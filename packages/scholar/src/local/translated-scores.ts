// The search of a translated query (translate/translate-query.ts): each word of the query is one synonym group, the
// word as written or any of its translations, and a model's translation adds its words as groups of their own. A short
// Chinese query keeps its minimum-should-match over groups, in either language; a Chinese term the segmenter cuts
// into several words matches only as a phrase, and a translation of several words counts less where its words are
// not next to each other.
import { sql } from '@citewise/db/orm';
import { queryRows } from '@citewise/db';
import { isHanTerm, segmentForIndex } from '../text/segment';
import { isShortChineseQuery, type QueryTranslation } from '../translate/translate-query';
import { MINIMUM_SHARE } from './chinese-query';
import { pgTextArray } from './pg-array';
import { idfOf, MAX_QUERY_TERMS, readPostings, type Db, type QueryTerm } from './query-terms';
import { Scores } from './scores';

/** Most of n words, rounded up; one or two words are all required (chinese-query.ts). */
const mostOf = (n: number) => (n <= 2 ? n : Math.ceil(n * MINIMUM_SHARE));

/** What a match through a translation is worth next to one of the word as written. */
export const TRANSLATION_WEIGHT = 0.8;
/** What a translation of several words is worth in a paper that has them all but not next to each other. */
const NOT_ADJACENT = 0.6;
/** The best matches of such a translation checked for the phrase (the others count as not adjacent). */
const PHRASE_CHECKED = 300;

interface SynonymGroup {
  /** Each alternative is a word or phrase of the group as analysed terms; a paper scores the best alternative. */
  alternatives: string[][];
  /** Counted for the minimum-should-match of a Chinese query. */
  required: boolean;
  /** A word of a model's translation: all its alternatives count as a translation. */
  translated: boolean;
  /** Each alternative as searched (segmented), for phrase matching. */
  texts: string[];
}

/**
 * Scores for a translated query: each term of the translation is one synonym group whose alternatives are the
 * source word and its translations. A paper's score for a group is that of its best-matching alternative (an
 * alternative of several words, such as "endoplasmic reticulum", scores as the sum of its words, as it would in a
 * query of that language), so a word with ten translations weighs no more than a word with one, and papers of both
 * languages are scored on the same scale in one list. Chinese queries keep their minimum-should-match, over groups.
 */
export async function translatedScores(db: Db, translation: QueryTranslation, budget: number): Promise<{ terms: QueryTerm[]; scores: Scores } | null> {
  const texts: string[] = [];
  const owners: Array<[group: number, alternative: number]> = [];
  const seen = new Set<string>();
  const sources: { texts: string[]; chineseWord: boolean; translated: boolean }[] = [];
  for (const term of translation.terms) {
    const key = term.source.toLowerCase();
    if (seen.has(key)) continue;
    if (sources.length === MAX_QUERY_TERMS) break;
    seen.add(key);
    const group = sources.length;
    const words = [term.source, ...term.translations];
    words.forEach((word, alternative) => {
      texts.push(segmentForIndex(word));
      owners.push([group, alternative]);
    });
    // Single characters (猫 咪 学 of 猫咪烘焙学) do not count towards a query's length or its minimum: alone they name
    // nothing, and counted they would make a short query of a few real words look like a sentence.
    sources.push({ texts: texts.slice(texts.length - words.length), chineseWord: isHanTerm(term.source) && [...term.source].length > 1, translated: false });
  }
  // A model's whole translation: each of its words is one group of its own, weighed as a translation. Single
  // Chinese characters are left out, as in a Chinese query.
  for (const word of translation.text ? segmentForIndex(translation.text).split(/\s+/) : []) {
    const key = word.toLowerCase();
    if (!/[\p{L}\p{N}]/u.test(word) || seen.has(key) || (isHanTerm(word) && [...word].length < 2)) continue;
    if (sources.length === MAX_QUERY_TERMS) break;
    seen.add(key);
    texts.push(word);
    owners.push([sources.length, 0]);
    sources.push({ texts: [word], chineseWord: false, translated: true });
  }
  if (texts.length === 0) return null;
  const rows = await queryRows<(QueryTerm | (Omit<QueryTerm, 'documents'> & { documents: null })) & { ord: number }>(
    db,
    sql`
    select x.ord::int as ord, l.lexeme as term, t.documents, c.documents as corpus, c.max_key, c.refreshed_at::text as version
    from unnest(${pgTextArray(texts)}::text[]) with ordinality as x (text, ord)
    cross join lateral unnest(tsvector_to_array(to_tsvector('english', x.text))) as l (lexeme)
    left join scholar.term_stats t on t.term = l.lexeme
    cross join scholar.corpus_stats c`,
  );
  const groups: SynonymGroup[] = sources.map((s) => ({
    alternatives: s.texts.map(() => []),
    texts: s.texts,
    required: s.chineseWord,
    translated: s.translated,
  }));
  const indexed = new Map<string, QueryTerm>();
  for (const row of rows) {
    const [group, alternative] = owners[Number(row.ord) - 1]!;
    groups[group]!.alternatives[alternative]!.push(row.term);
    if (row.documents !== null) indexed.set(row.term, row as QueryTerm);
  }
  // A short Chinese query needs most of its words in a paper, in either language: its Chinese words (each with the
  // dictionary's translations, when they are searched) or, with a model, most words of the model's translation. So
  // "量子纠缠 猫咪 烘焙学" finds nothing, with or without a model, rather than every paper on quantum entanglement.
  const required = groups.filter((g) => g.required).length;
  const modelWords = groups.filter((g) => g.translated && g.alternatives.some((a) => a.length)).length;
  const short = isShortChineseQuery(translation);
  // Without translations in the groups (a model's translation alone), a paper in the other language matches no
  // Chinese group: it meets the minimum through the model's words instead.
  const grouped = translation.terms.some((t) => t.translations.length);
  const chineseMinimum = short && (grouped || modelWords > 0) ? mostOf(required) : 0;
  // The model's words may miss as many as the Chinese words may: "graph neural networks ballet" is four words but
  // two terms, and three of its words are in every paper on graph neural networks.
  const modelMinimum = short ? Math.max(0, modelWords - (required - mostOf(required))) : 0;
  const live = groups.filter((g) => g.alternatives.some((a) => a.some((term) => indexed.has(term))));
  const reachable = (minimum: number, counted: (g: SynonymGroup) => boolean) => minimum > 0 && live.filter(counted).length >= minimum;
  if (live.length === 0) return null;
  if ((chineseMinimum > 0 || modelMinimum > 0) && !reachable(chineseMinimum, (g) => g.required) && !reachable(modelMinimum, (g) => g.translated)) return null;
  const countedIn = (g: SynonymGroup): boolean | 'second' => (g.required && chineseMinimum > 0 ? true : g.translated && modelMinimum > 0 ? 'second' : false);
  const terms = [...indexed.values()].sort((a, b) => a.documents - b.documents);
  const counted = new Set(live.filter((g) => countedIn(g)).flatMap((g) => g.alternatives.flat()));
  const postings = await readPostings(db, terms, budget, counted);
  // Score arrays per alternative and per group, from the same pool as the query's own (see scores.ts).
  const maxKey = Number(terms[0]!.max_key);
  const scores = new Scores(maxKey);
  try {
    // One weight for the whole group, that of its most common word: a word and its translations are one term, so
    // a rarer spelling in the other language (fewer papers are in it) does not outweigh the query's own words.
    const groupWeight = (group: SynonymGroup) =>
      Math.min(
        ...group.alternatives
          .flat()
          .map((term) => indexed.get(term))
          .filter((stats) => stats !== undefined)
          .map(idfOf),
      );
    // A model's words are groups of their own, in the other language: none weighs more than the query's own heaviest
    // word, or an English query's Chinese translation (2,000 of 24,000 papers in the bundled corpus) would put the
    // Chinese papers first.
    const ownWeights = live.filter((g) => !g.translated).map(groupWeight);
    const cap = ownWeights.length ? Math.max(...ownWeights) : Infinity;
    for (const group of live) {
      const best = new Scores(maxKey);
      const weight = group.translated ? Math.min(groupWeight(group), cap) : groupWeight(group);
      const counting = countedIn(group);
      // For the minimum, a paper contains the group when it has most words of one alternative: "graph neural
      // network" is not in a paper on a power network, though "network" scores there.
      const contains = new Set<number>();
      for (const [index, alternative] of group.alternatives.entries()) {
        const sum = new Scores(maxKey);
        // The query's own word (alternative 0) wins a tie with a translation: a paper in the language searched in
        // comes first when both match as well.
        const own = index === 0 && !group.translated ? weight : weight * TRANSLATION_WEIGHT;
        // A Chinese word of the query cut into several words by the segmenter (图神经网络: 图 神经 网络) is matched only
        // as a phrase: a paper with 图 in "图9" and 神经网络 in "BP神经网络" has each word but not the term. A translation
        // of several words ("graph neural network") counts less where its words are not next to each other.
        const several = alternative.length > 1 && !group.translated;
        const chinese = several && index === 0 && isHanTerm(group.texts[index]!.replace(/\s+/g, ''));
        const loose = several && index > 0;
        for (const term of alternative) {
          const read = postings.get(term);
          if (read) sum.addPostings(read, own, Boolean(counting) || chinese || loose);
        }
        if (chinese) sum.keepOnly(await containingPhrase(db, sum.containing(alternative.length), group.texts[index]!));
        if (loose) {
          const all = sum.containing(alternative.length);
          const checked = new Set(sum.top(PHRASE_CHECKED, (key) => all.has(key)));
          const adjacent = await containingPhrase(db, checked, group.texts[index]!);
          sum.scaleWhere((key) => all.has(key) && !adjacent.has(key), NOT_ADJACENT);
        }
        if (counting) for (const key of sum.containing(mostOf(alternative.length))) contains.add(key);
        best.maxWith(sum);
        sum.release();
      }
      scores.addAll(best, counting, contains);
      best.release();
    }
  } finally {
    postings.release();
  }
  if (chineseMinimum > 0 || modelMinimum > 0) scores.keepEither(chineseMinimum, modelMinimum);
  return { terms, scores };
}

/** Of the papers `keys`, those whose text has the words of `text` next to each other, in order (positions of the tsvector). */
async function containingPhrase(db: Db, keys: Set<number>, text: string): Promise<Set<number>> {
  if (keys.size === 0) return keys;
  const rows = await queryRows<{ key: number }>(
    db,
    sql`
    select key from scholar.papers where key = any(${`{${[...keys].join(',')}}`}::int[]) and tsv @@ phraseto_tsquery('english', ${text})`,
  );
  return new Set(rows.map((r) => Number(r.key)));
}
