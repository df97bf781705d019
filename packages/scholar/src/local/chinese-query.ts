// How a query's Chinese words take part in a search. ICU and dictionary segmenters leave characters they cannot
// join as single-character words (烘焙学 → 烘焙 学), and a single character such as 学 or 的 occurs in most Chinese
// abstracts: matched alone it turns "量子纠缠猫咪烘焙学" into hundreds of hits. So a single character counts only
// when it is the whole query, and a query of several Chinese words needs most of them in a paper (like
// Elasticsearch's minimum_should_match), which also keeps "深度学习 图像识别" from matching every paper on 学习.
import { isHanTerm } from '../text/segment';

export interface ChineseQueryPlan {
  /** Terms left out of the search. */
  drop: Set<string>;
  /** Terms whose presence in a paper is counted. */
  required: Set<string>;
  /** How many of `required` a paper must contain (0: no minimum). */
  minimum: number;
}

/** Share of a query's words a paper must contain, rounded up; one or two words are all required. */
export const MINIMUM_SHARE = 0.75;
/** Past this many words the query is a pasted passage, ranked by BM25 alone as English text is. */
export const MINIMUM_MAX_WORDS = 12;

const mostOf = (n: number) => (n <= 2 ? n : Math.ceil(n * MINIMUM_SHARE));

/**
 * The plan for a query's analysed terms (PostgreSQL lexemes of the segmented query); queries without Chinese are
 * left alone. Single characters still add to a paper's score, since a segmenter leaves words outside its dictionary
 * as characters (遥感 → 遥 感), but a paper must contain most of the query's other words; a query of single characters
 * only needs all of them, and a one-character query is searched as it is.
 */
export function chineseQueryPlan(terms: string[]): ChineseQueryPlan {
  const none = { drop: new Set<string>(), required: new Set<string>(), minimum: 0 };
  if (!terms.some(isHanTerm)) return none;
  const single = terms.filter((t) => isHanTerm(t) && [...t].length === 1);
  const words = terms.filter((t) => !single.includes(t));
  if (words.length > MINIMUM_MAX_WORDS) return { ...none, drop: new Set(single) };
  if (words.length > 0) return { drop: new Set(), required: new Set(words), minimum: mostOf(words.length) };
  if (single.length === 1) return none;
  return { drop: new Set(), required: new Set(single), minimum: single.length };
}
