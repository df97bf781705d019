// A few real papers (English and Chinese) for the retrieval tool in tests; abstracts paraphrased.
import type { Paper } from '@citewise/scholar';

const base = { doi: null, arxivId: null, pmid: null, url: null, keywords: [], fields: [] } satisfies Partial<Paper>;

export const testPapers: Paper[] = [
  {
    ...base,
    id: 'arXiv:1706.03762',
    title: 'Attention Is All You Need',
    abstract:
      'Sequence transduction models have relied on recurrent or convolutional neural networks with an encoder and a decoder. ' +
      'We propose the Transformer, a network architecture based solely on attention mechanisms, dispensing with recurrence entirely. ' +
      'Experiments on machine translation show the Transformer is superior in quality while being more parallelizable.',
    authors: [
      { given: 'Ashish', family: 'Vaswani' },
      { given: 'Noam', family: 'Shazeer' },
      { given: 'Niki', family: 'Parmar' },
      { given: 'Jakob', family: 'Uszkoreit' },
    ],
    issued: { year: 2017 },
    container: 'Advances in Neural Information Processing Systems',
    arxivId: '1706.03762',
    language: 'en',
    type: 'paper-conference',
    source: 'arxiv',
  },
  {
    ...base,
    id: 'arXiv:1810.04805',
    title: 'BERT: Pre-training of Deep Bidirectional Transformers for Language Understanding',
    abstract:
      'We introduce BERT, a language representation model pre-trained on unlabeled text by conditioning on both left and right context. ' +
      'The pre-trained BERT model can be fine-tuned with one additional output layer for a wide range of tasks. ' +
      'BERT obtains new state-of-the-art results on eleven natural language processing tasks.',
    authors: [
      { given: 'Jacob', family: 'Devlin' },
      { given: 'Ming-Wei', family: 'Chang' },
    ],
    issued: { year: 2019 },
    container: 'NAACL',
    arxivId: '1810.04805',
    language: 'en',
    type: 'paper-conference',
    source: 'arxiv',
  },
  {
    ...base,
    id: 'doi:10.1038/nature14539',
    title: 'Deep learning',
    abstract:
      'Deep learning allows computational models composed of multiple processing layers to learn representations of data with multiple levels of abstraction. ' +
      'These methods have dramatically improved the state of the art in speech recognition and visual object recognition. ' +
      'Deep convolutional nets have brought breakthroughs in processing images, whereas recurrent nets have shone on sequential data such as text.',
    authors: [
      { given: 'Yann', family: 'LeCun' },
      { given: 'Yoshua', family: 'Bengio' },
      { given: 'Geoffrey', family: 'Hinton' },
    ],
    issued: { year: 2015 },
    container: 'Nature',
    doi: '10.1038/nature14539',
    language: 'en',
    type: 'article-journal',
    source: 'csl',
  },
  {
    ...base,
    id: 'csl:zh-seg-0001',
    title: '基于深度学习的中文分词方法研究',
    abstract:
      '中文分词是中文自然语言处理的基础任务。本文提出一种基于深度学习的中文分词方法，结合字向量与双向长短期记忆网络。实验表明该方法在多个数据集上取得了较好的效果。',
    authors: [{ literal: '张伟' }, { literal: '李娜' }],
    issued: { year: 2020 },
    container: '计算机学报',
    language: 'zh',
    type: 'article-journal',
    source: 'csl',
  },
];
