import type { ReactNode } from 'react';

const FLAG = '[citation not verified]';
/** `[3]`, `[1, 2]` (also with a full-width comma) and the runtime's mark for a citation it could not verify. */
const MARKER = /(\[\d{1,3}(?:\s*[,，]\s*\d{1,3})*\]|\[citation not verified\])/g;
/**
 * A reference line the runtime flagged: its mark opens the line (check-citations.ts puts it before a written
 * reference that no source confirms). The rest of the line is the invented reference.
 */
const FLAGGED_LINE = /((?:^|\n)[ \t]*\[citation not verified\][^\n]*)/;

export type CitationLinks = {
  /** The positions of the papers the answer came with; a marker naming any other stays plain text. */
  known: ReadonlySet<number>;
  href: (position: number) => string;
  label: (position: number) => string;
  /** Shown instead of the runtime's `[citation not verified]`. */
  flagged: string;
  testId: string;
};

function flagMark(key: string | number, text: string) {
  return (
    <mark key={key} className="rounded bg-amber-200 px-1 text-amber-950 dark:bg-amber-800 dark:text-amber-50" data-testid="flag-mark">
      {text}
    </mark>
  );
}

/**
 * An answer's text with its citation markers as links to the source cards, for `<Markdown renderText>`: used by
 * the chat and by Ask on the research page, so a marker reads and behaves the same in both. A reference the
 * runtime could not verify is never left as plain text: its whole line is struck through behind the flag.
 */
export function linkCitations(text: string, links: CitationLinks): ReactNode[] {
  return text.split(FLAGGED_LINE).flatMap((segment, s): ReactNode[] => {
    if (s % 2 === 1) {
      const start = segment.indexOf(FLAG);
      const reference = segment.slice(start + FLAG.length).trim();
      return [
        segment.slice(0, start),
        <span key={`line-${s}`} data-testid="flagged-reference">
          {flagMark('mark', links.flagged)} <s className="decoration-amber-600 decoration-2 dark:decoration-amber-400">{reference}</s>
        </span>,
      ];
    }
    return markers(segment, links, s);
  });
}

function markers(text: string, links: CitationLinks, segment: number): ReactNode[] {
  return text.split(MARKER).map((part, i) => {
    const key = `${segment}-${i}`;
    if (part === FLAG) return flagMark(key, links.flagged);
    if (!/^\[\d/.test(part)) return part;
    const numbers = part
      .slice(1, -1)
      .split(/[,，]/)
      .map((n) => Number(n.trim()));
    if (!numbers.every((n) => links.known.has(n))) return part;
    return (
      <sup key={key}>
        {numbers.map((n) => (
          <a
            key={n}
            href={links.href(n)}
            className="mx-0.5 font-medium text-primary no-underline hover:underline"
            data-testid={links.testId}
            aria-label={links.label(n)}
          >
            [{n}]
          </a>
        ))}
      </sup>
    );
  });
}
