// The apps this runtime serves. Ids match the product's `config/ai-apps.ts`; modes are Dify's.
import type { AppDefinition } from './types';

const CITE_RULES =
  'Cite only the numbered sources below, with their markers like [1] or [2][3], right after the claim they support. ' +
  'Never invent a source, a marker or a reference. If the sources do not answer the question, say so.';

export const appDefinitions: readonly AppDefinition[] = [
  {
    id: 'research',
    mode: 'chat',
    name: 'Research assistant',
    description: 'Answers research questions from the literature, citing only papers it found.',
    tags: ['research', 'citations'],
    icon: '🔎',
    openingStatement: {
      en: 'Ask a research question. I search the literature and answer with citations to the papers I find.',
      zh: '请提出一个研究问题。我会检索文献，并引用检索到的论文作答。',
    },
    suggestedQuestions: {
      en: [
        'What are the main approaches to Chinese word segmentation?',
        'How does the Transformer architecture differ from recurrent networks?',
        'What evidence is there for deep learning in medical imaging?',
      ],
      zh: ['中文分词的主要方法有哪些？', 'Transformer 架构与循环神经网络有何不同？', '深度学习用于医学影像有哪些证据？'],
    },
    suggestedAfterAnswer: true,
    userInputForm: [
      { select: { label: 'Answer language', variable: 'language', required: false, default: 'auto', options: ['auto', 'English', '中文'] } },
      { select: { label: 'Also search my library', variable: 'search_library', required: false, default: 'no', options: ['no', 'yes'] } },
      // A collection of the user's library (its id): the answer then comes from its papers only, nothing is searched.
      { 'text-input': { label: 'Only this collection', variable: 'library_collection', required: false, max_length: 36 } },
    ],
    systemPrompt:
      'You are Citewise, a careful research assistant for academics. Answer the question from the sources. ' +
      `${CITE_RULES} Answer in {{language}} (auto: the language of the question).`,
    retrieval: true,
    worksWithoutModel: true,
  },
  {
    id: 'paper-chat',
    mode: 'chat',
    name: 'Chat with a paper',
    description: 'Discuss papers of your library (with their PDFs) or pasted text: methods, results, limitations, with passages cited by page.',
    tags: ['reading'],
    icon: '💬',
    openingStatement: {
      en: 'Choose papers or a collection from your library, or paste a paper’s text, then ask me about them. I cite passages with their page.',
      zh: '请从你的文献库中选择论文或一个分组，或粘贴论文全文，然后就它们向我提问。我会引用段落并注明页码。',
    },
    suggestedQuestions: {
      en: ['Summarise the main contribution.', 'What are the limitations?', 'Explain the method step by step.'],
      zh: ['概括这篇论文的主要贡献。', '它有哪些局限？', '逐步解释它的方法。'],
    },
    suggestedAfterAnswer: true,
    // The library fields hold ids (papers separated by commas, or one collection); the product's page offers a
    // picker for them. Nothing is required: pasted text, library papers and attached files each suffice.
    userInputForm: [
      { 'text-input': { label: 'Library papers', variable: 'library_papers', required: false, max_length: 4_000 } },
      { 'text-input': { label: 'Library collection', variable: 'library_collection', required: false, max_length: 36 } },
      { paragraph: { label: 'Paper text or abstract', variable: 'paper', required: false, max_length: 60_000 } },
    ],
    systemPrompt:
      'You help a researcher read the papers below (from their library, pasted, or attached). Answer from the papers; ' +
      'say clearly when they do not say. Quote short passages when useful. The text of a PDF marks where each page ' +
      "starts with [page N]: cite a passage you use by the paper's title (shortened when long) and its page, as (Title, p. N); " +
      'without page marks, cite the title alone.\n\nLibrary papers:\n{{library}}\n\nPasted paper:\n{{paper}}',
    retrieval: false,
    worksWithoutModel: false,
  },
  {
    id: 'cited-answer',
    mode: 'advanced-chat',
    name: 'Plan, search, answer',
    description: 'A chatflow: plans a literature search for your question, retrieves papers, answers and checks every citation, step by step.',
    tags: ['research', 'citations', 'chatflow'],
    icon: '🧭',
    openingStatement: {
      en: 'Ask a research question. Each answer runs in steps you can watch: plan the search, retrieve papers, write, check the citations.',
      zh: '请提出一个研究问题。每个回答都分步进行，你可以逐步查看：规划检索、检索论文、撰写回答、核对引用。',
    },
    suggestedQuestions: {
      en: ['Which methods improve neural architecture search efficiency?', 'What is known about the reproducibility of deep learning results?'],
      zh: ['哪些方法能提高神经架构搜索的效率？', '关于深度学习结果的可复现性，目前有哪些认识？'],
    },
    suggestedAfterAnswer: true,
    userInputForm: [{ select: { label: 'Answer language', variable: 'language', required: false, default: 'auto', options: ['auto', 'English', '中文'] } }],
    systemPrompt:
      'You are Citewise, a careful research assistant for academics. Answer the question from the sources retrieved for it. ' +
      `${CITE_RULES} Answer in {{language}} (auto: the language of the question).`,
    retrieval: true,
    worksWithoutModel: true,
  },
  {
    id: 'academic-polish',
    mode: 'completion',
    name: 'Academic polish',
    description: 'Polishes an academic paragraph for clarity and concision, keeping its meaning and citations.',
    tags: ['writing'],
    icon: '✍️',
    openingStatement: null,
    suggestedQuestions: { en: [], zh: [] },
    suggestedAfterAnswer: false,
    userInputForm: [
      { paragraph: { label: 'Paragraph', variable: 'query', required: true, max_length: 8000 } },
      { select: { label: 'Style', variable: 'style', required: false, default: 'formal', options: ['formal', 'concise', 'plain'] } },
    ],
    systemPrompt:
      'You are an academic editor. Polish the paragraph in a {{style}} academic style: fix grammar, improve flow, ' +
      'keep the meaning, the terminology and every citation marker unchanged. Answer with the polished paragraph only.',
    userPrompt: '{{query}}',
    retrieval: false,
    worksWithoutModel: false,
  },
  {
    id: 'abstract-writer',
    mode: 'completion',
    name: 'Abstract writer',
    description: 'Drafts a structured abstract (background, method, results, conclusion) from your notes.',
    tags: ['writing'],
    icon: '📝',
    openingStatement: null,
    suggestedQuestions: { en: [], zh: [] },
    suggestedAfterAnswer: false,
    userInputForm: [
      { paragraph: { label: 'Notes', variable: 'query', required: true, max_length: 12_000 } },
      { 'text-input': { label: 'Word limit', variable: 'words', required: false, default: '250', max_length: 4 } },
    ],
    systemPrompt:
      'Write an academic abstract of at most {{words}} words from the notes: background, method, results, conclusion. ' +
      'Use only facts in the notes; do not invent numbers. Answer with the abstract only.',
    userPrompt: '{{query}}',
    retrieval: false,
    worksWithoutModel: false,
  },
  {
    id: 'academic-translate',
    mode: 'completion',
    name: 'Academic translation',
    description: 'Translates between Chinese and English, keeping academic terminology consistent.',
    tags: ['writing', 'translation'],
    icon: '🌐',
    openingStatement: null,
    suggestedQuestions: { en: [], zh: [] },
    suggestedAfterAnswer: false,
    userInputForm: [
      { paragraph: { label: 'Text', variable: 'query', required: true, max_length: 8000 } },
      { select: { label: 'Direction', variable: 'direction', required: false, default: 'auto', options: ['auto', 'zh-en', 'en-zh'] } },
    ],
    systemPrompt:
      'Translate academic text between Chinese and English (direction: {{direction}}; auto: into the other language). ' +
      'Keep technical terms precise and consistent, keep citations, formulas and numbers unchanged. Answer with the translation only.',
    userPrompt: '{{query}}',
    retrieval: false,
    worksWithoutModel: false,
  },
  {
    id: 'literature-review',
    mode: 'workflow',
    name: 'Literature review',
    description: 'Plans search queries, searches the literature, screens the results and writes a review with citations.',
    tags: ['research', 'workflow'],
    icon: '📚',
    openingStatement: null,
    suggestedQuestions: { en: [], zh: [] },
    suggestedAfterAnswer: false,
    userInputForm: [
      // A topic, a collection of the user's library (its id; the product's page offers a list), or both: the review
      // is then written from the collection's papers, with the topic as its focus.
      { paragraph: { label: 'Topic or research question', variable: 'topic', required: false, max_length: 2000 } },
      { 'text-input': { label: 'Library collection', variable: 'library_collection', required: false, max_length: 36 } },
      {
        select: {
          label: 'Review language',
          variable: 'language',
          required: false,
          default: 'English',
          defaultByLanguage: { zh: '中文' },
          options: ['English', '中文'],
        },
      },
    ],
    systemPrompt: `You write concise literature reviews for researchers in {{language}}. ${CITE_RULES}`,
    retrieval: true,
    worksWithoutModel: false,
  },
];

export function appById(id: string): AppDefinition | undefined {
  return appDefinitions.find((app) => app.id === id);
}
