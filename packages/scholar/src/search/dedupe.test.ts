// Dedupe and merge edge cases: identifier spellings, versions, old arXiv ids, Chinese titles, missing years.
import { describe, expect, it } from 'vitest';
import { openAccessPdfOf, type Paper } from '../paper';
import type { SourceId } from '../sources/source';
import { groupDuplicates } from './dedupe';
import { mergePapers } from './merge-papers';

const paper = (fields: Partial<Paper>): Paper => ({
  id: 'x',
  title: 'Untitled',
  abstract: null,
  authors: [],
  issued: null,
  container: null,
  doi: null,
  arxivId: null,
  pmid: null,
  url: null,
  language: null,
  type: 'article-journal',
  fields: [],
  keywords: [],
  source: 'test',
  ...fields,
});
const groups = (papers: Paper[]) => groupDuplicates(papers, (p) => p).map((g) => g.map((p) => p.id));

describe('dedupe', () => {
  it('joins DOIs written in different forms and cases', () => {
    expect(
      groups([
        paper({ id: 'a', doi: '10.7717/PEERJ.4375', title: 'The state of OA' }),
        paper({ id: 'b', doi: 'https://doi.org/10.7717/peerj.4375', title: 'The State of OA: a large-scale analysis' }),
        paper({ id: 'c', doi: 'doi:10.7717/peerj.4375' }),
        paper({ id: 'd', doi: '10.7717/peerj.4376' }),
      ]),
    ).toEqual([['a', 'b', 'c'], ['d']]);
  });

  it('joins arXiv versions, URLs and arXiv DataCite DOIs; old-style ids too', () => {
    expect(
      groups([
        paper({ id: 'a', arxivId: '1605.08386v1' }),
        paper({ id: 'b', arxivId: '1605.08386v2' }),
        paper({ id: 'c', doi: '10.48550/arXiv.1605.08386' }),
        paper({ id: 'd', url: 'https://arxiv.org/abs/1605.08386v3' }),
        paper({ id: 'e', arxivId: 'astro-ph/0601001v1' }),
        paper({ id: 'f', arxivId: 'arXiv:astro-ph/0601001' }),
        paper({ id: 'g', arxivId: 'astro-ph/0601002' }),
      ]),
    ).toEqual([['a', 'b', 'c', 'd'], ['e', 'f'], ['g']]);
  });

  it('joins PMIDs, and a preprint with its journal version through a shared id', () => {
    expect(
      groups([
        paper({ id: 'a', pmid: '029456894' }),
        paper({ id: 'b', pmid: '29456894', doi: '10.7717/peerj.4375' }),
        paper({ id: 'c', doi: '10.7717/peerj.4375', arxivId: '1705.00001' }),
        paper({ id: 'd', arxivId: '1705.00001v2' }),
      ]),
    ).toEqual([['a', 'b', 'c', 'd']]);
  });

  it('joins by title, year and first author, tolerating a missing year but not a different one', () => {
    const author = [{ given: 'Heather', family: 'Piwowar' }];
    expect(
      groups([
        paper({ id: 'a', title: 'The state of OA: a large-scale analysis', authors: author, issued: { year: 2018 } }),
        paper({ id: 'b', title: 'The State of OA — A Large-Scale Analysis.', authors: [{ literal: 'Heather Piwowar' }], issued: null }),
        paper({ id: 'c', title: 'The state of OA: a large-scale analysis', authors: author, issued: { year: 2019 } }),
        paper({ id: 'd', title: 'The state of OA: a large-scale analysis', authors: [{ family: 'Priem' }], issued: { year: 2018 } }),
      ]),
    ).toEqual([['a', 'b'], ['c'], ['d']]);
  });

  it('joins Chinese titles across punctuation and width, with or without authors', () => {
    expect(
      groups([
        paper({ id: 'a', title: '基于深度学习的中文文献检索方法', authors: [] }),
        paper({ id: 'b', title: '基于深度学习的中文文献检索方法。', authors: [{ literal: '张三' }], issued: { year: 2021 } }),
        paper({ id: 'c', title: '基于深度学习的中文文献检索方法', authors: [{ family: '张', given: '三' }], issued: { year: 2021 } }),
        paper({ id: 'd', title: '基于深度学习的中文文献检索方法', authors: [{ literal: '李四' }], issued: { year: 2021 } }),
      ]),
    ).toEqual([['a', 'b', 'c'], ['d']]);
  });

  it('keeps short generic titles without authors apart, and never joins different DOIs by title', () => {
    expect(groups([paper({ id: 'a', title: 'Introduction' }), paper({ id: 'b', title: 'Introduction' })])).toEqual([['a'], ['b']]);
    expect(
      groups([
        paper({ id: 'a', title: 'Editorial: a year of open science', doi: '10.1000/one', authors: [{ family: 'Lee' }], issued: { year: 2020 } }),
        paper({ id: 'b', title: 'Editorial: a year of open science', doi: '10.1000/two', authors: [{ family: 'Lee' }], issued: { year: 2020 } }),
        // Matches both by title, but joining it would join two DOIs: it goes with the first only.
        paper({ id: 'c', title: 'Editorial: a year of open science', authors: [{ family: 'Lee' }], issued: { year: 2020 } }),
      ]),
    ).toEqual([['a', 'c'], ['b']]);
  });
});

describe('merge', () => {
  const sourced = (source: SourceId, fields: Partial<Paper>) => ({ source, paper: paper(fields) });

  it('keeps the richest fields and the local id', () => {
    const merged = mergePapers([
      sourced('arxiv', {
        id: 'arXiv:1605.08386',
        source: 'arxiv',
        title: 'Heat-bath random walks with Markov bases',
        abstract: 'Graphs on lattice points are studied.',
        arxivId: '1605.08386',
        issued: { year: 2016, month: 5, day: 26 },
        container: 'arXiv',
        type: 'article',
        fields: ['math.CO'],
        authors: [
          { given: 'Caprice', family: 'Stanley' },
          { given: 'Tobias', family: 'Windisch' },
        ],
      }),
      sourced('crossref', {
        id: 'doi:10.3150/17-bej973',
        source: 'crossref',
        title: 'Heat-bath random walks with Markov bases',
        doi: '10.3150/17-BEJ973',
        issued: { year: 2018 },
        container: 'Bernoulli',
        type: 'article-journal',
        authors: [{ family: 'Stanley' }, { family: 'Windisch' }],
        fields: ['Statistics'],
      }),
      sourced('local', {
        id: 'arXiv:1605.08386',
        source: 'arxiv',
        title: 'Heat-bath random walks with Markov bases',
        arxivId: '1605.08386',
        abstract: 'Graphs on lattice points are studied whose edges come from a finite set of allowed moves.',
        issued: { year: 2016 },
        container: 'arXiv',
        type: 'article',
      }),
    ]);
    expect(merged).toMatchObject({
      id: 'arXiv:1605.08386',
      doi: '10.3150/17-bej973',
      arxivId: '1605.08386',
      container: 'Bernoulli',
      type: 'article-journal',
      abstract: 'Graphs on lattice points are studied whose edges come from a finite set of allowed moves.',
      authors: [
        { given: 'Caprice', family: 'Stanley' },
        { given: 'Tobias', family: 'Windisch' },
      ],
      fields: ['Statistics', 'math.CO'],
    });
    // The local record's year wins, refined by the arXiv record's day of the same year.
    expect(merged.issued).toEqual({ year: 2016, month: 5, day: 26 });
  });

  it('uses DOI > arXiv > PMID as the id without a local record, and keeps a single record as it is', () => {
    const one = paper({ id: 's2:abc', title: 'T' });
    expect(mergePapers([{ source: 'semanticscholar', paper: one }])).toBe(one);
    expect(mergePapers([sourced('pubmed', { id: 'pmid:1', pmid: '1' }), sourced('openalex', { id: 'openalex:W1', doi: 'https://doi.org/10.1000/X' })]).id).toBe(
      'doi:10.1000/x',
    );
    expect(() => mergePapers([])).toThrow();
  });

  it('keeps the largest citation count and the first open-access PDF any source names', () => {
    const merged = mergePapers([
      sourced('crossref', { id: 'doi:10.1000/x', doi: '10.1000/x', citationCount: 110 }),
      sourced('openalex', { id: 'doi:10.1000/x', doi: '10.1000/x', citationCount: 1149, openAccessPdf: null }),
      sourced('semanticscholar', { id: 'doi:10.1000/x', doi: '10.1000/x', citationCount: 900, openAccessPdf: 'https://example.org/x.pdf' }),
    ]);
    expect(merged).toMatchObject({ citationCount: 1149, openAccessPdf: 'https://example.org/x.pdf' });
    expect(mergePapers([sourced('local', { id: 'a' }), sourced('arxiv', { id: 'a' })]).citationCount).toBeNull();
  });
});

describe('open-access PDF', () => {
  it('is the PDF a source named, else arXiv’s PDF of a preprint, else none', () => {
    expect(openAccessPdfOf({ openAccessPdf: 'https://example.org/x.pdf', arxivId: '1605.08386' })).toBe('https://example.org/x.pdf');
    expect(openAccessPdfOf({ arxivId: '1605.08386' })).toBe('https://arxiv.org/pdf/1605.08386');
    expect(openAccessPdfOf({ openAccessPdf: null, arxivId: null })).toBeNull();
  });
});
