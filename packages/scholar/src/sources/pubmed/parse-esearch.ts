// PubMed's esearch XML (eSearchResult): the total count and the page of PMIDs, in PubMed's order.
import { normalisePmid } from '../identifiers';
import { SourceError } from '../source-error';
import { arr, num, obj } from '../untyped';
import { parseXml, textOf } from '../xml';

export interface EsearchResult {
  total: number | null;
  pmids: string[];
}

export function parseEsearch(xml: string): EsearchResult {
  const root = parseXml('pubmed', xml, { arrays: ['Id'] });
  if (!('eSearchResult' in root)) throw new SourceError('pubmed', 'malformed_response', 'PubMed answered without an eSearchResult');
  const result = obj(root.eSearchResult);
  // A query E-utilities cannot run comes back as HTTP 200 with an ERROR element.
  const error = textOf(result.ERROR);
  if (error) throw new SourceError('pubmed', 'bad_request', `PubMed refused the query: ${error}`);
  return {
    total: num(textOf(result.Count)),
    pmids: arr(obj(result.IdList).Id)
      .map((id) => normalisePmid(textOf(id)))
      .filter((id): id is string => id !== null),
  };
}
