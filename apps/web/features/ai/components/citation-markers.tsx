import type { ReactNode } from 'react';

/** `[3]`, `[1, 2]` (also with a full-width comma) and the runtime's mark for a citation it could not verify. */
const MARKER = /(\[\d{1,3}(?:\s*[,，]\s*\d{1,3})*\]|\[citation not verified\])/g;

export type CitationLinks = {
  /** The positions of the papers the answer came with; a marker naming any other stays plain text. */
  known: ReadonlySet<number>;
  href: (position: number) => string;
  label: (position: number) => string;
  /** Shown instead of the runtime's `[citation not verified]`. */
  flagged: string;
  testId: string;
};

/**
 * An answer's text with its citation markers as links to the source cards, for `<Markdown renderText>`: used by
 * the chat and by Ask on the research page, so a marker reads and behaves the same in both.
 */
export function linkCitations(text: string, links: CitationLinks): ReactNode[] {
  return text.split(MARKER).map((part, i) => {
    if (part === '[citation not verified]') {
      return (
        <mark key={i} className="rounded bg-amber-200 px-1 text-amber-950 dark:bg-amber-800 dark:text-amber-50" data-testid="flag-mark">
          {links.flagged}
        </mark>
      );
    }
    if (!/^\[\d/.test(part)) return part;
    const numbers = part.slice(1, -1).split(/[,，]/).map((n) => Number(n.trim()));
    if (!numbers.every((n) => links.known.has(n))) return part;
    return (
      <sup key={i}>
        {numbers.map((n) => (
          <a key={n} href={links.href(n)} className="mx-0.5 font-medium text-primary no-underline hover:underline" data-testid={links.testId} aria-label={links.label(n)}>
            [{n}]
          </a>
        ))}
      </sup>
    );
  });
}
