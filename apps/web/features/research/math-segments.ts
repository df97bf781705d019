// Where a title or abstract holds LaTeX maths: arXiv records write it inline, as `$\mathrm{SE(3)}$`,
// `$$…$$` or `\(…\)`. A lone dollar sign (prices, "$5 billion") is text: an inline `$…$` must open and close
// on non-space characters, stay on one line and not run straight into a digit.

export type MathSegment = { math: false; text: string } | { math: true; tex: string; display: boolean };

const MATH = /\$\$([^$]{1,500}?)\$\$|\\\(([^]{1,500}?)\\\)|\$(?=[^\s$])([^$\n]{1,300}?)(?<=[^\s\\])\$(?!\d)/g;

/** The text cut into plain runs and maths; joined back, plain runs and `$…$` sources give the text unchanged. */
export function mathSegments(text: string): MathSegment[] {
  const segments: MathSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(MATH)) {
    const tex = match[1] ?? match[2] ?? match[3] ?? '';
    if (match.index > last) segments.push({ math: false, text: text.slice(last, match.index) });
    segments.push({ math: true, tex, display: match[1] !== undefined });
    last = match.index + match[0].length;
  }
  if (last < text.length) segments.push({ math: false, text: text.slice(last) });
  return segments;
}

/** Whether the text holds any maths at all (most titles do not: they skip KaTeX entirely). */
export const hasMath = (text: string) => text.includes('$') || text.includes('\\(');
