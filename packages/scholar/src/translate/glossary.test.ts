// The scientific glossary: its files parse, each line is well formed, and laid over CC-CEDICT it translates the
// field's own words as the field says them, compounds before their characters, in both directions.
import { describe, expect, it } from 'vitest';
import { loadDictionary, parseDictionary } from './cedict';
import { emptyGlossary, englishToChinese, GlossaryError, loadGlossary, parseGlossary } from './glossary';
import { shownTranslations, translateWithDictionary, translatedWords, type Lexicon } from './translate-query';

const glossary = loadGlossary();
const first = (query: string, lexicon?: Partial<Lexicon>) => translateWithDictionary(query, lexicon).terms.map((t) => [t.source, t.translations[0], t.via]);

describe('the shipped glossary', () => {
  it('has thousands of terms over the fields the product serves, each file read once per process', () => {
    expect(glossary.entries).toBeGreaterThanOrEqual(5000);
    expect(loadGlossary()).toBe(glossary);
    // A term of each field, and English multi-word terms back to Chinese.
    for (const [zh, en] of <Array<[string, string]>>[
      ['图神经网络', 'graph neural network'],
      ['量子纠缠', 'quantum entanglement'],
      ['偏微分方程', 'partial differential equation'],
      ['内质网应激', 'endoplasmic reticulum stress'],
      ['金属有机框架', 'metal-organic framework'],
      ['最大功率点跟踪', 'maximum power point tracking'],
    ]) {
      expect(glossary.zh.get(zh)![0]).toBe(en);
      expect(englishToChinese(glossary, en.replace('-', ' '))).toContain(zh);
    }
  });

  it('lists each Chinese term once and each of its senses once, and keeps two-letter abbreviations out but for a few unambiguous ones', () => {
    for (const [zh, senses] of glossary.zh) {
      expect(new Set(senses.map((s) => s.toLowerCase())).size, zh).toBe(senses.length);
      for (const sense of senses) if (/^[A-Z0-9]{2}$/.test(sense)) expect(['AI', 'VR', 'UI', 'UX', 'CT', 'PV', '5G', '6G'], `${zh} ${sense}`).toContain(sense);
    }
  });
});

describe('reading glossary files', () => {
  it('reads terms, ranked senses and abbreviations, and maps every sense back', () => {
    const g = parseGlossary('# comment\n图神经网络\tgraph neural network | GNN\n\n检索增强生成\tretrieval-augmented generation | RAG\n', 'sample.tsv');
    expect(g.entries).toBe(2);
    expect(g.zh.get('图神经网络')).toEqual(['graph neural network', 'GNN']);
    expect(englishToChinese(g, 'gnn')).toEqual(['图神经网络']);
    expect(englishToChinese(g, 'retrieval augmented generation')).toEqual(['检索增强生成']);
    expect(g.longestZh).toBe(6);
    expect(g.longestEn).toBe(3);
  });

  it('ranks the Chinese terms of an English one: those naming it first before those naming it further down', () => {
    const g = parseGlossary('通道\tpassage | channel\n信道\tchannel\n');
    expect(englishToChinese(g, 'channel')).toEqual(['信道', '通道']);
  });

  it('refuses a malformed line, naming the file and line', () => {
    const refused = (text: string) => () => parseGlossary(text, 'field.tsv', emptyGlossary());
    expect(refused('图神经网络 graph neural network')).toThrow(/field\.tsv:1: expected/);
    expect(refused('\nX射线\tX-ray')).toThrow(/field\.tsv:2: the Chinese term "X射线" must be Chinese characters only/);
    expect(refused('量子\tquantum | 量子')).toThrow(GlossaryError);
    expect(refused('量子\tquantum |')).toThrow(/empty or not Latin/);
    expect(refused('量子\tquantum | Quantum')).toThrow(/lists a sense twice/);
    expect(refused('量子\tquantum\n量子\tquanta')).toThrow(/field\.tsv:2: 量子 is listed twice/);
  });
});

describe('translation with the glossary over CC-CEDICT', () => {
  it('translates the issue examples as the field says them, where CC-CEDICT alone did not', () => {
    expect(first('图神经网络')).toEqual([['图神经网络', 'graph neural network', 'glossary']]);
    expect(first('量子计算')).toEqual([['量子计算', 'quantum computing', 'glossary']]);
    expect(first('检索增强生成')).toEqual([['检索增强生成', 'retrieval-augmented generation', 'glossary']]);
    expect(first('量子纠缠')).toEqual([['量子纠缠', 'quantum entanglement', 'glossary']]);
    expect(first('retrieval-augmented generation')).toEqual([['retrieval-augmented generation', '检索增强生成', 'glossary']]);
    expect(first('generation')).toEqual([['generation', '生成', 'glossary']]);
    // What CC-CEDICT alone makes of them: characters and everyday senses.
    expect(first('图神经网络', { glossary: null })[0]).toEqual(['图', 'diagram', 'dictionary']);
    expect(first('量子纠缠', { glossary: null })[1]).toEqual(['纠缠', 'in a tangle', 'dictionary']);
    expect(first('generation', { glossary: null })[0]).toEqual(['generation', '一代', 'dictionary']);
  });

  it('cuts a Chinese query into the fewest words of either list, so a compound wins over its characters and a general word over a shorter term', () => {
    const lexicon = {
      dictionary: parseDictionary(
        ['計算機 计算机 [ji4 suan4 ji1] /computer/', '量子 量子 [liang4 zi3] /quantum/', '圖 图 [tu2] /diagram/', '推薦 推荐 [tui1 jian4] /to recommend/'].join(
          '\n',
        ),
      ),
      glossary: parseGlossary('量子计算\tquantum computing\n图神经网络\tgraph neural network | GNN\n'),
    };
    expect(first('量子计算机', lexicon)).toEqual([
      ['量子', 'quantum', 'dictionary'],
      ['计算机', 'computer', 'dictionary'],
    ]);
    expect(first('基于图神经网络的推荐', lexicon).map(([source]) => source)).toEqual(['基', '图神经网络', '推荐']);
  });

  it('matches English terms with their abbreviations, plurals and hyphens, and keeps everyday words from abbreviations', () => {
    expect(first('Graph Neural Networks for recommender systems')).toEqual([
      ['Graph Neural Networks', '图神经网络', 'glossary'],
      ['recommender systems', '推荐系统', 'glossary'],
    ]);
    expect(first('GNN')).toEqual([['GNN', '图神经网络', 'glossary']]);
    expect(first('gnn')).toEqual([['gnn', '图神经网络', 'glossary']]);
    // "map" is an everyday word: only mAP, so written, is the mean average precision.
    expect(first('map')[0]![1]).not.toBe('平均精度均值');
    expect(first('mAP')[0]![1]).toBe('平均精度均值');
    // Stop words inside a term are part of it.
    expect(first('mixture of experts')).toEqual([['mixture of experts', '混合专家模型', 'glossary']]);
    expect(first('analyses of variance')).toEqual([
      ['analyses', '分析', 'glossary'],
      ['variance', '方差', 'glossary'],
    ]);
  });

  it('leaves out an abbreviation that spells an everyday word when it translates Chinese, since the index is lower case', () => {
    expect(translateWithDictionary('平均精度均值').terms[0]!.translations).toEqual(['mean average precision']);
    expect(translateWithDictionary('图神经网络').terms[0]!.translations).toEqual(['graph neural network', 'GNN']);
  });

  it('says which words were translated and how, the model first', () => {
    const t = translateWithDictionary('图神经网络 推荐 BRCA1');
    expect(shownTranslations('图神经网络 推荐 BRCA1', t)).toEqual([
      { source: '图神经网络', target: 'graph neural network', via: 'glossary' },
      { source: '推荐', target: 'recommend', via: 'dictionary' },
    ]);
    expect(translatedWords(t)).toEqual(['graph neural network', 'recommend']);
    const model = {
      ...t,
      engine: 'llm' as const,
      text: 'graph neural networks for recommendation',
      terms: t.terms.map((x) => ({ source: x.source, translations: [] })),
    };
    expect(shownTranslations(' 图神经网络 推荐 BRCA1 ', model)).toEqual([
      { source: '图神经网络 推荐 BRCA1', target: 'graph neural networks for recommendation', via: 'model' },
    ]);
  });

  it('still lets CC-CEDICT translate every word the glossary lacks', () => {
    expect(loadDictionary().zh.get('糖酵解')).toBe('glycolysis');
    expect(first('水运工程 猫咪')).toEqual([
      ['水运工程', 'waterway engineering', 'glossary'],
      ['猫咪', 'kitty', 'dictionary'],
    ]);
  });
});
