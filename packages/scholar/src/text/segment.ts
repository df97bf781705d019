// Text analysis shared by indexing and querying. PostgreSQL's parser keeps a run of Han characters as one token,
// so Chinese text is first cut into words with Intl.Segmenter (ICU's dictionary segmenter), and the words are
// joined with spaces; everything else passes through for PostgreSQL's English configuration to stem.

const HAN = /\p{Script=Han}/u;
const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });

/** The text with every Han run split into space-separated words. */
export function segmentForIndex(text: string): string {
  if (!HAN.test(text)) return text;
  const out: string[] = [];
  for (const { segment, isWordLike } of segmenter.segment(text)) {
    if (HAN.test(segment)) out.push(` ${segment} `);
    else out.push(isWordLike ? segment : segment);
  }
  return out.join('').replace(/\s+/g, ' ').trim();
}

export const hasHan = (text: string) => HAN.test(text);
