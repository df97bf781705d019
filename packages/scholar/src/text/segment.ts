// Text analysis shared by indexing and querying. PostgreSQL's parser keeps a run of Han characters as one token,
// so Chinese text is first cut into words with Intl.Segmenter (ICU's dictionary segmenter), and the words are
// joined with spaces; everything else passes through for PostgreSQL's English configuration to stem.
// bench/chinese measures this segmenter against @node-rs/jieba on judged Chinese queries.

const HAN = /\p{Script=Han}/u;
const HAN_ONLY = /^\p{Script=Han}+$/u;
const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });

/** Cuts a run of Han text into words. */
export type WordSegmenter = (han: string) => string[];

const icuWords: WordSegmenter = (text) => Array.from(segmenter.segment(text), (s) => s.segment);
let words = icuWords;

/**
 * Replaces the word segmenter (null restores ICU's). For evaluating another segmenter (bench/chinese): the index
 * and the queries must be analysed by the same one, so this is never switched in a serving process.
 */
export function useWordSegmenter(segment: WordSegmenter | null) {
  words = segment ?? icuWords;
}

/** The text with every Han run split into space-separated words. */
export function segmentForIndex(text: string): string {
  if (!HAN.test(text)) return text;
  const out: string[] = [];
  for (const word of words(text)) out.push(HAN.test(word) ? ` ${word} ` : word);
  return out.join('').replace(/\s+/g, ' ').trim();
}

export const hasHan = (text: string) => HAN.test(text);

/** Whether an analysed term is Chinese (all Han characters), as opposed to an English stem or a number. */
export const isHanTerm = (term: string) => HAN_ONLY.test(term);
