// PubMed's efetch XML (PubmedArticleSet) → Papers. Accepts the DTD versions NCBI has served over the years
// (2018, 2019, 2025), structured abstracts (Label="METHODS"), and titles or abstracts with inline HTML or
// MathML, kept as raw markup by the parser and reduced to text here.
import type { Author, Paper } from '../../paper';
import { normaliseDoi, normalisePmid } from '../identifiers';
import { canonicalId, dateFromIso, dateFromParts, languageTag, plainText } from '../paper-fields';
import { SourceError } from '../source-error';
import { arr, distinct, obj, str, type Untyped } from '../untyped';
import { parseXml, textOf } from '../xml';

const ARRAYS = [
  'PubmedArticle',
  'PubmedBookArticle',
  'AbstractText',
  'Author',
  'ArticleId',
  'ELocationID',
  'Language',
  'PublicationType',
  'Keyword',
  'KeywordList',
  'MeshHeading',
  'ArticleDate',
];
const RAW = ['ArticleTitle', 'AbstractText', 'BookTitle', 'VernacularTitle'];

/** Text of a raw (mixed-content) element: `{"#text": "<i>TERT</i> …", Label}` or a plain string. */
const rawText = (node: unknown) => plainText(typeof node === 'string' ? node : str(obj(node)['#text']));

function authorOf(value: unknown): Author | null {
  const a = obj(value);
  if (str(a.ValidYN) === 'N') return null;
  const family = textOf(a.LastName);
  const given = textOf(a.ForeName) ?? textOf(a.Initials);
  if (family) return given ? { given, family } : { family };
  const collective = plainText(textOf(a.CollectiveName));
  return collective ? { literal: collective } : null;
}

function abstractOf(abstract: Untyped): string | null {
  const parts = arr(abstract.AbstractText).map((node) => {
    const text = rawText(node);
    const label = str(obj(node).Label);
    return text && label ? `${label}: ${text}` : text;
  });
  return parts.filter(Boolean).join('\n') || null;
}

function dateOf(article: Untyped) {
  const pub = obj(obj(obj(article.Journal).JournalIssue).PubDate);
  const medline = textOf(pub.MedlineDate);
  const [electronic] = arr(article.ArticleDate).map(obj);
  return (
    dateFromParts(textOf(pub.Year), textOf(pub.Month), textOf(pub.Day)) ??
    (medline ? dateFromIso(/\d{4}/.exec(medline)?.[0]) : null) ??
    (electronic ? dateFromParts(textOf(electronic.Year), textOf(electronic.Month), textOf(electronic.Day)) : null)
  );
}

function paperFromArticle(entry: Untyped): Paper | null {
  const citation = obj(entry.MedlineCitation);
  const article = obj(citation.Article);
  const pmid = normalisePmid(textOf(citation.PMID));
  const title = rawText(article.ArticleTitle)
    ?.replace(/^\[(.+)\]\.?$/, '$1')
    .replace(/\.$/, '');
  if (!pmid || !title) return null;
  const articleIds = arr(obj(obj(entry.PubmedData).ArticleIdList).ArticleId);
  const doiNode = articleIds.find((id) => str(obj(id).IdType) === 'doi') ?? arr(article.ELocationID).find((id) => str(obj(id).EIdType) === 'doi');
  const doi = normaliseDoi(textOf(doiNode));
  const types = arr(obj(article.PublicationTypeList).PublicationType).map(textOf);
  const journal = obj(article.Journal);
  return {
    id: canonicalId({ doi, arxivId: null, pmid }, `pmid:${pmid}`),
    title,
    abstract: abstractOf(obj(article.Abstract)),
    authors: arr(obj(article.AuthorList).Author)
      .map(authorOf)
      .filter((a): a is Author => a !== null),
    issued: dateOf(article),
    container: textOf(journal.Title) ?? textOf(journal.ISOAbbreviation),
    doi,
    arxivId: null,
    pmid,
    url: `https://pubmed.ncbi.nlm.nih.gov/${pmid}/`,
    language: languageTag(textOf(arr(article.Language)[0])),
    type: types.includes('Preprint') ? 'article' : 'article-journal',
    fields: [],
    keywords: distinct([
      ...arr(citation.KeywordList).flatMap((list) => arr(obj(list).Keyword).map((k) => plainText(textOf(k)))),
      ...arr(obj(citation.MeshHeadingList).MeshHeading).map((h) => textOf(obj(h).DescriptorName)),
    ]),
    source: 'pubmed',
  };
}

export function parseEfetch(xml: string): Paper[] {
  const root = parseXml('pubmed', xml, { arrays: ARRAYS, raw: RAW });
  if (!('PubmedArticleSet' in root)) throw new SourceError('pubmed', 'malformed_response', 'PubMed answered without a PubmedArticleSet');
  const set = obj(root.PubmedArticleSet);
  return arr(set.PubmedArticle)
    .map(obj)
    .map(paperFromArticle)
    .filter((p): p is Paper => p !== null);
}
