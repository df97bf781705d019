// A few real papers (English and Chinese) for tests of the research and library features.
import type { Paper } from '@citewise/scholar';

const base: Pick<Paper, 'abstract' | 'container' | 'doi' | 'arxivId' | 'pmid' | 'url' | 'keywords'> = { abstract: null, container: null, doi: null, arxivId: null, pmid: null, url: null, keywords: [] };

export const testPapers: Paper[] = [
  {
    ...base,
    id: 'arXiv:1706.03762',
    title: 'Attention Is All You Need',
    abstract: 'The dominant sequence transduction models are based on complex recurrent or convolutional neural networks. We propose the Transformer, based solely on attention mechanisms.',
    authors: [{ given: 'Ashish', family: 'Vaswani' }, { given: 'Noam', family: 'Shazeer' }, { given: 'Niki', family: 'Parmar' }],
    issued: { year: 2017 },
    container: 'Advances in Neural Information Processing Systems',
    arxivId: '1706.03762',
    url: 'https://arxiv.org/abs/1706.03762',
    language: 'en',
    type: 'paper-conference',
    fields: ['cs.CL', 'cs.LG'],
    source: 'arxiv',
  },
  {
    ...base,
    id: 'doi:10.1038/nature14539',
    title: 'Deep learning',
    abstract: 'Deep learning allows computational models that are composed of multiple processing layers to learn representations of data.',
    authors: [{ given: 'Yann', family: 'LeCun' }, { given: 'Yoshua', family: 'Bengio' }, { given: 'Geoffrey', family: 'Hinton' }],
    issued: { year: 2015 },
    container: 'Nature',
    doi: '10.1038/nature14539',
    language: 'en',
    type: 'article-journal',
    fields: ['cs.LG'],
    source: 'csl',
  },
  {
    ...base,
    id: 'csl:zh-0001',
    title: '基于深度学习的中文分词方法研究',
    abstract: '本文提出一种基于深度学习的中文分词方法，在多个数据集上取得了较好的效果。',
    authors: [{ literal: '张伟' }, { literal: '李娜' }],
    issued: { year: 2020 },
    container: '计算机学报',
    language: 'zh',
    type: 'article-journal',
    fields: ['计算机科学'],
    source: 'csl',
  },
];
