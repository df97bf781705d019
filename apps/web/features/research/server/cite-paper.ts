import 'server-only';
import { formatCitation, formatReference, type Paper } from '@citewise/scholar';
import type { z } from 'zod';
import type { citeRequestSchema } from '../schema';

/** The paper's reference (text and HTML) and in-text citation in one style. */
export function citePaper(input: z.output<typeof citeRequestSchema>) {
  const paper = input.paper as Paper;
  return {
    style: input.style,
    text: formatReference(paper, { style: input.style }),
    html: formatReference(paper, { style: input.style, format: 'html' }),
    citation: formatCitation([paper], { style: input.style }),
  };
}
