// Papers for growing the corpus past the real one: each synthetic paper is a real paper's title with a word from
// another title, and its abstract with every other sentence taken from another paper's abstract. The vocabulary
// and its (Zipfian) term distribution stay those of real papers, so posting lists grow as they would with more
// real papers, while every synthetic paper is a distinct document.
import { seededRandom, type Paper } from '@citewise/scholar';

const sentences = (text: string | null) => (text ?? '').split(/(?<=[.!?])\s+/).filter(Boolean);

/** Synthetic paper number `n` (0-based), made from the real papers in `base`. */
export function syntheticPaper(base: Paper[], n: number): Paper {
  const next = seededRandom(n + 1);
  const pick = () => base[Math.floor(next() * base.length)]!;
  const paper = pick();
  const other = pick();
  const words = paper.title.split(' ');
  const borrowed = other.title.split(' ');
  words[Math.floor(next() * words.length)] = borrowed[Math.floor(next() * borrowed.length)]!;
  const own = sentences(paper.abstract);
  const theirs = sentences(other.abstract);
  const abstract = own.map((s, i) => (i % 2 === 1 && theirs[i] ? theirs[i] : s)).join(' ');
  return { ...paper, id: `synthetic:${n}`, title: words.join(' '), abstract, doi: null, arxivId: null, pmid: null, url: null, source: 'synthetic' };
}
