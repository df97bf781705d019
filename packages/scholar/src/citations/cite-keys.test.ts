import { describe, expect, it } from 'vitest';
import type { Paper } from '../paper';
import { baseCiteKey, citeKeys } from './cite-keys';
import { detectLanguage, languageOfText } from './language';

const paper = (id: string, title: string, authors: Paper['authors'], year: number | null): Paper => ({
  id,
  title,
  authors,
  issued: year === null ? null : { year },
  abstract: null,
  container: null,
  doi: null,
  arxivId: null,
  pmid: null,
  url: null,
  language: null,
  type: 'article-journal',
  fields: [],
  keywords: [],
  source: 'test',
});

describe('cite keys', () => {
  it('reads family name, year and first significant title word', () => {
    expect(baseCiteKey(paper('a', 'Attention is all you need', [{ family: 'Vaswani', given: 'Ashish' }], 2017))).toBe('vaswani2017attention');
    expect(baseCiteKey(paper('b', 'The state of OA: a large-scale analysis', [{ family: 'Piwowar' }], 2018))).toBe('piwowar2018state');
    expect(baseCiteKey(paper('c', 'Über die Elektrodynamik', [{ family: 'Müller-Øberg', given: 'Jörg' }], 1905))).toBe('mulleroberg1905uber');
    expect(baseCiteKey(paper('d', 'Factors regulating the immune response', [{ literal: 'World Health Organization' }], null))).toBe('worldndfactors');
    expect(baseCiteKey(paper('e', 'Untitled', [], 2020))).toBe('anon2020untitled');
  });

  it('writes Chinese names and titles in pinyin, skipping openers such as 基于', () => {
    expect(baseCiteKey(paper('a', '基于深度学习的中文文献检索方法', [{ literal: '张伟' }], 2021))).toBe('zhang2021shendu');
    expect(baseCiteKey(paper('b', '面向科技文献的命名实体识别', [{ family: '欧阳', given: '明' }], 2019))).toBe('ouyang2019keji');
    expect(baseCiteKey(paper('c', '单细胞测序', [{ literal: '单磊' }], 2020))).toBe('shan2020danxibao');
    expect(baseCiteKey(paper('d', '司马迁研究', [{ literal: '司马光' }], 2010))).toBe('sima2010simaqian');
  });

  it('adds suffixes to colliding keys in id order, whatever the order of the list', () => {
    const a = paper('id-1', 'Deep learning', [{ family: 'Smith' }], 2020);
    const b = paper('id-2', 'Deep learning again', [{ family: 'Smith' }], 2020);
    const c = paper('id-3', 'Deep networks', [{ family: 'Smith' }], 2020);
    const other = paper('id-0', 'Something else', [{ family: 'Jones' }], 2020);
    const forward = citeKeys([a, b, c, other]);
    const backward = citeKeys([other, c, b, a]);
    expect(Object.fromEntries(forward)).toEqual({ 'id-1': 'smith2020deep', 'id-2': 'smith2020deepa', 'id-3': 'smith2020deepb', 'id-0': 'jones2020something' });
    expect(Object.fromEntries(backward)).toEqual(Object.fromEntries(forward));
  });
});

describe('language detection', () => {
  it('uses the record language, else the script of the title', () => {
    expect(detectLanguage({ language: 'zh-CN', title: 'English title' })).toBe('zh');
    expect(detectLanguage({ language: null, title: '基于BERT的中文命名实体识别' })).toBe('zh');
    expect(detectLanguage({ language: null, title: 'Learning 中文 embeddings for retrieval' })).toBe('en');
    expect(languageOfText('日本語のテキスト')).toBe('ja');
    expect(languageOfText('Attention is all you need')).toBe('en');
  });
});
