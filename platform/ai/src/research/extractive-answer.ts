// The research assistant without a model: the most relevant passages of the best papers, each cited, under a
// heading that says they are evidence and not a generated summary. Useful on its own in an air-gapped install.
import { authorName } from '@citewise/scholar';
import type { Evidence } from './retrieve';

const hasHan = (text: string) => /\p{Script=Han}/u.test(text);

/** The answer as chunks (heading, one per paper, closing note), so it streams like a model's. */
export function extractiveAnswer(query: string, evidence: Evidence[]): string[] {
  const zh = hasHan(query);
  if (evidence.length === 0) {
    return [
      zh
        ? '未在文献中找到与该问题相关的论文。请换用其他关键词，或启用更多文献来源。'
        : 'No papers matching this question were found in the literature sources. Try other keywords, or switch on more sources.',
    ];
  }
  const heading = zh
    ? '**文献证据（摘录，非生成的总结）**：未配置语言模型，以下是检索到的最相关论文中的原文段落。\n\n'
    : '**Evidence from the literature (extracts, not a generated summary).** No language model is configured; these are the most relevant passages of the best-matching papers.\n\n';
  const entries = evidence.map((e) => {
    const authors = e.paper.authors.slice(0, 3).map(authorName).join(', ') + (e.paper.authors.length > 3 ? ' et al.' : '');
    const meta = [authors, e.paper.issued?.year, e.paper.container].filter(Boolean).join(', ');
    const quote = e.passages.map((p) => p.text).join(' … ');
    // A record without authors, year or venue (some Chinese corpus entries) gets no empty brackets.
    return `${e.position}. *${e.paper.title}*${meta ? ` (${meta})` : ''} — “${quote}” [${e.position}]\n\n`;
  });
  return [heading, ...entries];
}
