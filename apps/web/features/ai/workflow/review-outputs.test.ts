import { describe, expect, it } from 'vitest';
import { reviewOutputs, screeningReport } from './review-outputs';

const paper = (id: string) => ({
  id,
  title: `Paper ${id}`,
  abstract: null,
  authors: [],
  issued: null,
  container: null,
  doi: null,
  arxivId: null,
  pmid: null,
  url: null,
  language: 'en',
  type: 'article-journal',
  fields: [],
  keywords: [],
  source: 'csl',
});

describe("the review's outputs", () => {
  it('reads references in marker order, with their verdicts, and leaves out what is not one', () => {
    const outputs = reviewOutputs({
      text: 'x',
      references: [
        {
          position: 2,
          cited: false,
          paper: paper('b'),
          content: 'c',
          verdict: { status: 'partial', sources: ['local'], missing: ['authors', 'year', 'nonsense'], filled: {}, checked_at: '2026-01-01T00:00:00Z' },
        },
        {
          position: 1,
          cited: true,
          paper: paper('a'),
          verdict: { status: 'verified', sources: ['local', 'openalex'], missing: [], filled: { venue: 'openalex' } },
        },
        { position: 3, cited: true, paper: { title: 'no id' } },
        'not a reference',
      ],
      flagged_citations: [{ text: '[9]', reason: 'unknown_marker' }, { reason: 'no text' }],
      named_references: [{ text: 'Smith 2020', paper_id: 'p', title: 'Real' }],
      search_log: { queries: ['q'], sources: [], results: 1, took_ms: 3, searched_at: '2026-01-01T00:00:00Z' },
    });
    expect(outputs.references.map((r) => [r.position, r.cited, r.paper.id])).toEqual([
      [1, true, 'a'],
      [2, false, 'b'],
    ]);
    expect(outputs.references[0]!.verdict).toMatchObject({ status: 'verified', filled: { venue: 'openalex' }, checked_at: '' });
    expect(outputs.references[1]!.verdict.missing).toEqual(['authors', 'year']);
    expect(outputs.flagged).toEqual([{ text: '[9]', reason: 'unknown_marker' }]);
    expect(outputs.named).toHaveLength(1);
    expect(outputs.searchLog?.queries).toEqual(['q']);
  });

  it('is empty for a run without them (a Dify server, a failed run)', () => {
    expect(reviewOutputs(null)).toEqual({ references: [], flagged: [], named: [], searchLog: null });
    expect(reviewOutputs({ text: 'only text', search_log: { queries: 'no' } }).searchLog).toBeNull();
  });

  it("reads the screening step's report, and nothing from another step", () => {
    const report = screeningReport({
      queries: 3,
      found: 3,
      limit: 8,
      kept: [{ paper_id: 'a', title: 'A', year: 2020, hits: 2, score: 0.5, reason: 'relevant', rank: 1 }],
      excluded: [{ paper_id: 'b', title: 'B', year: null, hits: 1, score: 0.1, reason: 'no_abstract' }, { title: 'no id' }],
    });
    expect(report).toEqual({
      queries: 3,
      found: 3,
      limit: 8,
      kept: [{ paper_id: 'a', title: 'A', year: 2020, hits: 2, score: 0.5, reason: 'relevant', rank: 1 }],
      excluded: [{ paper_id: 'b', title: 'B', year: null, hits: 1, score: 0.1, reason: 'no_abstract' }],
    });
    expect(screeningReport({ queries: ['q'] })).toBeNull();
    expect(screeningReport(null)).toBeNull();
  });
});
