// Offline query translation with CC-CEDICT alone: dictionary parsing, cutting of Chinese into dictionary words,
// phrases of English, Latin tokens kept, and the CC-CEDICT copy the product ships. The scientific glossary laid over
// it is tested in glossary.test.ts.
import { describe, expect, it } from 'vitest';
import { cleanGloss, loadDictionary, parseDictionary } from './cedict';
import { MAX_TRANSLATIONS, translateWithDictionary, translatedWords } from './translate-query';

const SAMPLE = parseDictionary(
  [
    '# CC-CEDICT sample',
    '糖酵解 糖酵解 [tang2 jiao4 jie3] /glycolysis (anaerobic metabolism of glucose)/',
    '代謝 代谢 [dai4 xie4] /replacement/substitution/metabolism (biology)/',
    '代謝途徑 代谢途径 [dai4 xie4 tu2 jing4] /metabolic pathway/',
    '細胞 细胞 [xi4 bao1] /cell (biology)/',
    '癌 癌 [ai2] /cancer/carcinoma/also pr. [yan2]/',
    '乳腺癌 乳腺癌 [ru3 xian4 ai2] /breast cancer/',
    '張 张 [Zhang1] /surname Zhang/',
    '張 张 [zhang1] /to open up/to spread/sheet of paper/CL:個|个[ge4]/',
    '牛 牛 [niu2] /ox/cow/bull/(slang) awesome/',
  ].join('\n'),
);

describe('dictionary', () => {
  it('keeps glosses a search can use and drops tags, references and slang', () => {
    expect(cleanGloss('to open up')).toBe('open up');
    expect(cleanGloss('glycolysis (anaerobic metabolism of glucose)')).toBe('glycolysis');
    expect(cleanGloss('CL:個|个[ge4]')).toBeNull();
    expect(cleanGloss('surname Zhang')).toBeNull();
    expect(cleanGloss('(slang) awesome')).toBeNull();
    expect(cleanGloss('variant of 癌[ai2]')).toBeNull();
  });

  it('marks senses of a scientific field and maps English back to Chinese', () => {
    expect(SAMPLE.zh.get('代谢')).toBe('replacement/substitution/*metabolism');
    expect(SAMPLE.zh.get('代謝')).toBe(SAMPLE.zh.get('代谢'));
    expect(SAMPLE.zh.get('张')).toBe('open up/spread/sheet of paper');
    expect(SAMPLE.en.get('glycolysis')).toBe('糖酵解');
    expect(SAMPLE.en.get('metabolism')).toBe('代谢');
  });

  it('loads the shipped CC-CEDICT once per process', () => {
    const dictionary = loadDictionary();
    expect(dictionary.entries).toBeGreaterThan(100_000);
    expect(dictionary.zh.get('糖酵解')).toBe('glycolysis');
    // The fourth sense of 转移 is the medical one: kept past the first three.
    expect(translateWithDictionary('转移', { glossary: null }).terms[0]!.translations).toContain('metastasis');
    expect(loadDictionary()).toBe(dictionary);
  });

  it('puts the common Chinese word first for an English one: the one more words are built on', () => {
    const sample = parseDictionary(
      [
        '抄身 抄身 [chao1 shen1] /to search (a person)/to frisk/',
        '搜索 搜索 [sou1 suo3] /to search/to look for sth/',
        '搜索引擎 搜索引擎 [sou1 suo3 yin3 qing2] /search engine/',
        '資方 资方 [zi1 fang1] /management/capital/',
        '管理 管理 [guan3 li3] /to supervise/to manage/to administer/management/',
        ...['員 员 [yuan2] /administrator/', '學 学 [xue2] /management science/', '層 层 [ceng2] /management level/', '費 费 [fei4] /management fee/'].map(
          (entry) => `管理${entry.split(' ')[0]} 管理${entry.split(' ')[1]} ${entry.slice(entry.indexOf('['))}`,
        ),
      ].join('\n'),
    );
    expect(sample.en.get('search')!.split(' ')[0]).toBe('搜索');
    // 管理 names management only in its fourth sense, yet four words are built on it and none on 资方.
    expect(sample.en.get('management')!.split(' ')[0]).toBe('管理');
    // The same in the shipped dictionary: what an English query also searches for in Chinese papers.
    const shipped = loadDictionary();
    expect(shipped.en.get('search')!.split(' ')[0]).toBe('搜索');
    expect(shipped.en.get('management')!.split(' ')[0]).toBe('管理');
    expect(translatedWords(translateWithDictionary('neural architecture search', { glossary: null }))).toContain('搜索');
  });
});

describe('query translation', () => {
  it('cuts a Chinese query into the longest dictionary words and translates each', () => {
    const t = translateWithDictionary('糖酵解代谢途径的细胞', { dictionary: SAMPLE, glossary: null });
    expect(t).toMatchObject({ from: 'zh', to: 'en', engine: 'dictionary' });
    expect(t.terms).toEqual([
      { source: '糖酵解', translations: ['glycolysis'], via: 'dictionary' },
      { source: '代谢途径', translations: ['metabolic pathway'], via: 'dictionary' },
      { source: '细胞', translations: ['cell'], via: 'dictionary' },
    ]);
    expect(translatedWords(t)).toEqual(['glycolysis', 'metabolic pathway', 'cell']);
  });

  it('keeps Latin tokens of a Chinese query as they are and leaves out unknown punctuation', () => {
    const t = translateWithDictionary('BRCA1突变与乳腺癌，p53', { dictionary: SAMPLE, glossary: null });
    expect(t.terms.map((x) => x.source)).toEqual(['BRCA1', '突', '变', '乳腺癌', 'p53']);
    expect(t.terms.find((x) => x.source === 'BRCA1')!.translations).toEqual([]);
  });

  it('translates English phrases, longest first, and plurals by their singular', () => {
    const t = translateWithDictionary('Glycolysis in breast cancer cells', { dictionary: SAMPLE, glossary: null });
    expect(t).toMatchObject({ from: 'en', to: 'zh' });
    expect(t.terms).toEqual([
      { source: 'Glycolysis', translations: ['糖酵解'], via: 'dictionary' },
      { source: 'breast cancer', translations: ['乳腺癌'], via: 'dictionary' },
      { source: 'cells', translations: ['细胞'], via: 'dictionary' },
    ]);
  });

  it('keeps at most a few translations per word', () => {
    const t = translateWithDictionary('代谢 牛', { dictionary: SAMPLE, glossary: null });
    expect(t.terms[0]!.translations.length).toBeLessThanOrEqual(MAX_TRANSLATIONS);
    expect(t.terms[1]!.translations).toEqual(['ox', 'cow', 'bull']);
  });
});
