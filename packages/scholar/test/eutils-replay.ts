// E-utilities answers for the replay server. efetch for a set of PMIDs is served verbatim when exactly that set
// was recorded, and otherwise assembled from the recorded <PubmedArticle> elements of those PMIDs (efetch
// leaves unknown ids out). esearch answers for queries that were never recorded are written in the shape of
// the 20060628 DTD.
import fs from 'node:fs';
import path from 'node:path';
import { FIXTURES, fixture, type ReplayRequest } from './replay-server';

const EFETCH = fs
  .readdirSync(path.join(FIXTURES, 'pubmed'))
  .filter((f) => f.startsWith('efetch-pubmed-'))
  .map((f) => `pubmed/${f}`);
const ARTICLES = new Map<string, string>();
const RECORDED = new Map<string, string>();
for (const file of EFETCH) {
  const articles = fixture(file).match(/<PubmedArticle>[\s\S]*?<\/PubmedArticle>/g) ?? [];
  const pmids = articles.map((article) => /<PMID[^>]*>(\d+)<\/PMID>/.exec(article)![1]!);
  articles.forEach((article, i) => ARTICLES.set(pmids[i]!, article));
  RECORDED.set(pmids.join(','), file);
}

export function efetchBody(request: ReplayRequest): string {
  const ids = request.query.get('id') ?? '';
  const recorded = RECORDED.get(ids);
  if (recorded) return fixture(recorded);
  const header =
    '<?xml version="1.0" ?>\n<!DOCTYPE PubmedArticleSet PUBLIC "-//NLM//DTD PubMedArticle, 1st January 2025//EN" "https://dtd.nlm.nih.gov/ncbi/pubmed/out/pubmed_250101.dtd">\n';
  return `${header}<PubmedArticleSet>\n${ids
    .split(',')
    .flatMap((id) => ARTICLES.get(id) ?? [])
    .join('\n')}\n</PubmedArticleSet>\n`;
}

export const esearchBody = (count: number, ids: string[]) =>
  `<?xml version="1.0" encoding="UTF-8" ?>\n<eSearchResult><Count>${count}</Count><RetMax>${ids.length}</RetMax><RetStart>0</RetStart><IdList>${ids.map((id) => `<Id>${id}</Id>`).join('')}</IdList><TranslationSet/></eSearchResult>`;
