// The reference as the records correct it. Every field a record holds comes from the record (that is the
// correction); every field the reference gives that no record holds is kept as the reference wrote it, so that a
// correction never deletes what it cannot contradict: a GB/T entry whose record has only a title keeps its
// authors, journal, year, volume and pages (and the verdict names them as unconfirmed).
import type { Paper } from '../paper';
import type { FieldCheck, ParsedReference } from './types';

export function correctedPaper(merged: Paper, reference: ParsedReference, fields: FieldCheck[]): Paper {
  const keep = (field: FieldCheck['field']) => fields.some((f) => f.field === field && f.verdict === 'not_in_record');
  const details = { ...merged.details };
  if (keep('volume')) details.volume = reference.volume!;
  if (keep('issue')) details.issue = reference.issue!;
  if (keep('pages')) details.page = reference.pages!;
  return {
    ...merged,
    authors: keep('authors') ? reference.authors : merged.authors,
    issued: keep('year') ? { year: reference.year! } : merged.issued,
    container: keep('container') ? reference.container : merged.container,
    doi: keep('doi') ? reference.doi : merged.doi,
    arxivId: keep('arxivId') ? reference.arxivId : merged.arxivId,
    pmid: keep('pmid') ? reference.pmid : merged.pmid,
    ...(Object.keys(details).length ? { details } : {}),
  };
}
