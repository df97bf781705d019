/**
 * Splits text into search terms for English and Chinese alike. Chinese has no spaces, so words come
 * from Intl.Segmenter's dictionary; Han runs also yield overlapping character pairs, which still
 * match when the index (built by Node) and the query (segmented by the browser) disagree on a
 * word boundary.
 */
const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });
const han = /\p{Script=Han}/u;

export function tokenize(text: string): string[] {
  const terms: string[] = [];
  for (const { segment, isWordLike } of segmenter.segment(text.toLowerCase())) {
    if (!isWordLike) continue;
    terms.push(segment);
    if (han.test(segment) && segment.length > 2) {
      for (let i = 0; i < segment.length - 1; i++) terms.push(segment.slice(i, i + 2));
    }
  }
  return terms;
}
