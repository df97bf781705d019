import { describe, expect, it } from 'vitest';
import type { CheckedReference } from '../server/checked-reference-type';
import { checkReportCsv, correctedPapers } from './check-report';

const paper = { id: 'doi:10.1/x', title: 'Deep residual learning, "ResNet"', abstract: null, authors: [], issued: { year: 2016 }, container: 'CVPR', doi: '10.1/x', arxivId: null, pmid: null, url: null, language: 'en', type: 'paper-conference', fields: [], keywords: [], source: 'openalex' };
const entry = (fields: Partial<CheckedReference>): CheckedReference => ({ index: 1, text: '', status: 'verified', differences: [], paper: null, complete: true, searched: [], candidates: [], ...fields });

describe('the check report file', () => {
  it('has a row per entry with what differs and where it was looked up, quoted where needed', () => {
    const csv = checkReportCsv([
      entry({ index: 1, text: 'He K, et al. Deep residual learning, 2015', status: 'mismatch', paper, differences: [{ field: 'year', expected: '2015', found: '2016', similarity: 0 }], searched: [{ source: 'openalex', state: 'answered' }, { source: 'crossref', state: 'timed_out' }] as CheckedReference['searched'] }),
      entry({ index: 2, text: '=HYPERLINK("http://evil")', status: 'not_found' }),
    ]);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('index,reference,status,matched_title,matched_year,doi,arxiv_id,differences,sources_answered,sources_silent');
    expect(lines[1]).toBe('1,"He K, et al. Deep residual learning, 2015",mismatch,"Deep residual learning, ""ResNet""",2016,10.1/x,,year: 2015 → 2016,openalex,crossref');
    // A spreadsheet never runs a reference as a formula.
    expect(lines[2]).toBe(`2,"'=HYPERLINK(""http://evil"")",not_found,,,,,,,`);
  });

  it('corrects only entries that matched a record, in order', () => {
    expect(correctedPapers([entry({ status: 'not_found' }), entry({ status: 'mismatch', paper }), entry({ status: 'unchecked' })])).toEqual([paper]);
  });
});
