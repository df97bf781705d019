import { describe, expect, it } from 'vitest';
import type { CheckedReference } from '../server/checked-reference-type';
import { checkReportCsv, correctedPapers, savablePapers } from './check-report';

const paper = {
  id: 'doi:10.1/x',
  title: 'Deep residual learning, "ResNet"',
  abstract: null,
  authors: [],
  issued: { year: 2016 },
  container: 'CVPR',
  doi: '10.1/x',
  arxivId: null,
  pmid: null,
  url: null,
  language: 'en',
  type: 'paper-conference',
  fields: [],
  keywords: [],
  source: 'openalex',
};
const entry = (fields: Partial<CheckedReference>): CheckedReference => ({
  index: 1,
  text: '',
  status: 'verified',
  fields: [],
  differences: [],
  unconfirmed: [],
  paper: null,
  corrected: null,
  sources: [],
  complete: true,
  searched: [],
  candidates: [],
  ...fields,
});

describe('the check report file', () => {
  it('has a row per entry with what differs and where it was looked up, quoted where needed', () => {
    const csv = checkReportCsv([
      entry({
        index: 1,
        text: 'He K, et al. Deep residual learning, 2015',
        status: 'mismatch',
        paper,
        differences: [
          { field: 'year', verdict: 'different', expected: '2015', found: '2016', similarity: 0 },
          { field: 'title', verdict: 'slip', expected: 'Deep residaul learning', found: 'Deep residual learning', similarity: 0.9 },
        ],
        unconfirmed: ['pages'],
        searched: [
          { source: 'openalex', state: 'answered' },
          { source: 'crossref', state: 'timed_out' },
        ] as CheckedReference['searched'],
      }),
      entry({ index: 2, text: '=HYPERLINK("http://evil")', status: 'not_found' }),
    ]);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('index,reference,status,matched_title,matched_year,doi,arxiv_id,differences,not_in_record,sources_answered,sources_silent');
    expect(lines[1]).toBe(
      '1,"He K, et al. Deep residual learning, 2015",mismatch,"Deep residual learning, ""ResNet""",2016,10.1/x,,year: 2015 → 2016; title (slip): Deep residaul learning → Deep residual learning,pages,openalex,crossref',
    );
    // A spreadsheet never runs a reference as a formula.
    expect(lines[2]).toBe(`2,"'=HYPERLINK(""http://evil"")",not_found,,,,,,,,`);
  });

  it('corrects every found entry in order, keeping what no record holds; saves only what nothing contradicts', () => {
    const kept = { ...paper, id: 'csl:zh', authors: [{ literal: '王建国' }], issued: { year: 2019 } };
    const entries = [
      entry({ status: 'not_found' }),
      entry({ status: 'mismatch', paper }),
      entry({ status: 'partial', paper: { ...paper, id: 'csl:zh', authors: [], issued: null }, corrected: kept }),
      entry({ status: 'unchecked' }),
    ];
    expect(correctedPapers(entries)).toEqual([paper, kept]);
    expect(savablePapers(entries)).toEqual([kept]);
  });
});
