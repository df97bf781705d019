import type { ReactNode } from 'react';

const HAN = /\p{Script=Han}/u;
const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });

/**
 * Chinese text that wraps between words, never inside one: a browser breaks Chinese between any two characters,
 * so a heading can end a line in the middle of 论文. Each word (ICU's segmentation) becomes an unbreakable inline
 * box; breaks stay possible between them. Text without Chinese is returned as it is.
 */
export function CjkWords({ text }: { text: string }): ReactNode {
  if (!HAN.test(text)) return text;
  return Array.from(segmenter.segment(text), ({ segment, isWordLike }, i) =>
    isWordLike && HAN.test(segment) && segment.length > 1 ? (
      <span key={i} className="inline-block">
        {segment}
      </span>
    ) : (
      segment
    ),
  );
}
