// A perturbation set for reference checking: corpus papers rendered in several citation styles, each unaltered,
// altered in one field (one title word, one author, the year) or invented outright. Deterministic for a seed, so
// a benchmark run and a unit test on a fixed sample see the same references.
import { formatReference } from '../citations/format';
import type { CitationStyleId } from '../citations/styles';
import type { Paper } from '../paper';
import { normaliseWords } from '../search/normalize';
import { seededRandom } from './seeded-random';

export const PERTURBATION_KINDS = ['unaltered', 'title', 'author', 'year', 'invented'] as const;
export type PerturbationKind = (typeof PERTURBATION_KINDS)[number];

export const PERTURBATION_STYLES: CitationStyleId[] = ['apa', 'vancouver', 'ieee', 'mla', 'nature', 'gb-t-7714-2015-numeric'];

export interface PerturbedReference {
  kind: PerturbationKind;
  style: CitationStyleId;
  /** The paper the reference was made from (for `invented`, the paper whose shape it borrowed). */
  paperId: string;
  text: string;
}

const STOP = new Set(['with', 'from', 'into', 'that', 'this', 'their', 'using', 'based', 'towards', 'toward', 'through', 'between']);

/** The rendered text a reader would paste: without identifiers, so checking has to go by title, authors and year. */
function render(paper: Paper, style: CitationStyleId): string {
  return formatReference({ ...paper, doi: null, arxivId: null, pmid: null, url: null }, { style });
}

export function perturbReferences(papers: Paper[], options: { seed?: number; styles?: CitationStyleId[] } = {}): PerturbedReference[] {
  const next = seededRandom(options.seed ?? 1);
  const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)]!;
  const styles = options.styles ?? PERTURBATION_STYLES;
  // Replacement words and names come from the corpus itself, so they look like the real thing.
  const vocabulary = [...new Set(papers.flatMap((p) => normaliseWords(p.title)).filter((w) => /^[a-z]{6,}$/.test(w) && !STOP.has(w)))];
  const families = [...new Set(papers.flatMap((p) => p.authors.map((a) => a.family).filter((f): f is string => !!f && /^\p{Lu}\p{Ll}{3,}$/u.test(f))))];
  const usable = papers.filter((p) => p.authors.length && p.issued && p.title.split(/\s+/).length >= 4 && p.language !== 'zh');
  const out: PerturbedReference[] = [];
  for (const paper of usable) {
    const style = pick(styles);
    const add = (kind: PerturbationKind, changed: Paper) => out.push({ kind, style, paperId: paper.id, text: render(changed, style) });
    add('unaltered', paper);

    const words = paper.title.split(/\s+/);
    const replaceable = words.map((w, i) => ({ w, i })).filter(({ w }) => /^[A-Za-z]{4,}$/.test(w) && !STOP.has(w.toLowerCase()));
    if (replaceable.length) {
      const { w, i } = pick(replaceable);
      const own = new Set(normaliseWords(paper.title));
      const word = pick(vocabulary.filter((v) => !own.has(v)));
      const cased = /^\p{Lu}/u.test(w) ? word[0]!.toUpperCase() + word.slice(1) : word;
      add('title', { ...paper, title: words.map((x, j) => (j === i ? cased : x)).join(' ') });
    }

    const stranger = pick(families.filter((f) => !paper.authors.some((a) => a.family === f)));
    const alterAuthor = (index: number): Paper => ({
      ...paper,
      authors: paper.authors.map((a, j) => (j === index ? { ...a, family: stranger, literal: undefined } : a)),
    });
    // One of the first three authors; the first when the style would not show the chosen one.
    const shown = alterAuthor(Math.floor(next() * Math.min(3, paper.authors.length)));
    add('author', render(shown, style) === render(paper, style) ? alterAuthor(0) : shown);

    const shift = pick([-3, -2, -1, 1, 2, 3]);
    add('year', { ...paper, issued: { year: paper.issued!.year + shift } });

    // Invented: a plausible title of corpus words, another paper's shape, authors nobody in the corpus combines.
    const title = Array.from({ length: 6 + Math.floor(next() * 5) }, () => pick(vocabulary)).join(' ');
    add('invented', {
      ...paper,
      title: title[0]!.toUpperCase() + title.slice(1),
      authors: [
        { family: pick(families), given: 'A.' },
        { family: pick(families), given: 'B.' },
      ],
    });
  }
  return out;
}
