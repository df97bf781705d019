'use client';

import katex from 'katex';
import type { ReactNode } from 'react';
import 'katex/dist/katex.min.css';
import { hasMath, mathSegments } from '../math-segments';
import { Highlight } from './highlight';

/**
 * A title or abstract with its LaTeX maths typeset by KaTeX and the query's words marked in the rest. KaTeX
 * escapes its input and is told to trust nothing (no \href, \url or HTML extensions), so its markup is the only
 * HTML added; a formula it cannot parse is shown as its source.
 */
export function MathText({ text, matched }: { text: string; matched?: ReadonlySet<string> }): ReactNode {
  const words = matched ?? new Set<string>();
  if (!hasMath(text)) return <Highlight text={text} matched={words} />;
  return mathSegments(text).map((segment, i) => {
    if (!segment.math) return <Highlight key={i} text={segment.text} matched={words} />;
    const html = katex.renderToString(segment.tex, { displayMode: false, throwOnError: false, trust: false, strict: 'ignore', maxExpand: 200 });
    return <span key={i} data-testid="math" dangerouslySetInnerHTML={{ __html: html }} />;
  });
}
