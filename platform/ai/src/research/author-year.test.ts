import { describe, expect, it } from 'vitest';
import { authorYearCitations } from './author-year';
import type { Evidence } from './retrieve';

const evidence = (position: number, family: string, year: number): Evidence =>
  ({
    position,
    score: 1,
    sources: ['local'],
    passages: [],
    paper: { id: `p${position}`, title: `Paper ${position}`, authors: [{ given: 'A', family }], issued: { year } },
  }) as unknown as Evidence;

const retrieved = [evidence(1, 'Vaswani', 2017), evidence(2, 'Müller', 2020)];

describe('author–year citations', () => {
  it('finds parenthetical and narrative citations and matches them by family name and year', () => {
    const found = authorYearCitations('Attention works (Vaswani et al., 2017; Muller, 2020). Zyx and Qpo (1999) disagree.', retrieved);
    expect(found.map((c) => c.text)).toEqual(['(Vaswani et al., 2017; Muller, 2020)', 'Zyx and Qpo (1999)']);
    // Accents fold: "Muller" names Müller's paper.
    expect(found[0]!.matches.map((m) => m?.position)).toEqual([1, 2]);
    expect(found[1]!.matches).toEqual([null]);
  });

  it('a wrong year names no paper', () => {
    expect(authorYearCitations('(Vaswani et al., 2018)', retrieved)[0]!.matches).toEqual([null]);
  });

  it('leaves prose, model names and markers alone', () => {
    expect(authorYearCitations('BERT (2019) and Transformers (2017) were trained (in 2019) on text [1].', retrieved)).toEqual([]);
    expect(authorYearCitations('The dataset (released 2020, revised 2021) is public.', retrieved)).toEqual([]);
  });

  it('gives where each citation ends, for the flag that follows it', () => {
    const text = 'As (Nobody, 2001) says.';
    const [citation] = authorYearCitations(text, retrieved);
    expect(text.slice(0, citation!.end)).toBe('As (Nobody, 2001)');
  });
});
