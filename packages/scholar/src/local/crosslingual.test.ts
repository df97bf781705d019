// Cross-lingual search over a corpus of both languages: a Chinese query finds the English papers and an English
// query the Chinese ones, in one ranking, with a word's many translations weighing as one term.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '@citewise/db/testing';
import type { DatabaseHandle } from '@citewise/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../db/migrations';
import { paperFromCorpusRecord } from '../import/corpus-record';
import { importJsonLines } from '../import/import-file';
import { translateWithDictionary, type QueryTranslation } from '../translate/translate-query';
import { searchLocal } from './search';

let handle: DatabaseHandle;
let dir: string;

const en = (id: string, title: string, abstract: string) => JSON.stringify({ id, title, abstract, authors: [], year: 2025, language: 'en', source: 'test' });
const zh = (id: string, title: string, abstract: string) => JSON.stringify({ id, title, abstract, authors: [], year: 2025, language: 'zh', source: 'csl' });

beforeAll(async () => {
  handle = await createTestDatabase([migrations]);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scholar-xling-'));
  const file = path.join(dir, 'corpus.jsonl');
  fs.writeFileSync(
    file,
    `${[
      en('en-glycolysis', 'Glycolysis in tumor metabolism', 'Cancer cells rely on glycolysis even when oxygen is present.'),
      en('en-galaxy', 'Galaxy rotation curves', 'Rotation curves of spiral galaxies constrain dark matter.'),
      en('en-er', 'Endoplasmic reticulum stress in neurons', 'Markers of endoplasmic reticulum stress rise after injury.'),
      en('en-stress', 'Stress and sleep in students', 'Examination stress shortens sleep.'),
      zh('zh-glycolysis', '肿瘤细胞的糖酵解', '肿瘤细胞即使在有氧条件下也依赖糖酵解供能。'),
      zh('zh-water', '水运工程施工管理', '针对水运工程项目建设中的管理问题。'),
      zh('zh-gnn', '基于图神经网络的推荐方法', '用图神经网络学习用户与物品的表示。'),
      zh('zh-boiler', '锅炉排放的BP神经网络预测', '提取火焰图像特征后用BP神经网络预测排放，图9参8。'),
      en('en-gnn', 'Graph neural networks for molecules', 'Message passing graph neural networks predict molecular properties.'),
      en('en-apart', 'A graph of activity in networks of neurons', 'We draw a graph of neural activity recorded across networks of neurons.'),
    ].join('\n')}\n`,
  );
  await importJsonLines(handle.db, file, paperFromCorpusRecord);
});
afterAll(async () => {
  await handle.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const search = (query: string, translation: QueryTranslation | null = translateWithDictionary(query)) => searchLocal(handle.db, { query, translation });
const ids = async (query: string, translation?: QueryTranslation | null) => (await search(query, translation)).hits.map((h) => h.id);

describe('cross-lingual search', () => {
  it('finds the English papers for a Chinese query, and the Chinese ones too, in one list', async () => {
    expect(await ids('糖酵解', null)).toEqual(['zh-glycolysis']);
    const found = await ids('糖酵解');
    expect(found.sort()).toEqual(['en-glycolysis', 'zh-glycolysis']);
    expect(await ids('内质网应激')).toEqual(['en-er']);
  });

  it('finds the Chinese papers for an English query', async () => {
    expect(await ids('glycolysis', null)).toEqual(['en-glycolysis']);
    expect((await ids('glycolysis')).sort()).toEqual(['en-glycolysis', 'zh-glycolysis']);
    expect(await ids('water transport engineering management')).toContain('zh-water');
  });

  it('scores a word with many translations as one term', async () => {
    const one: QueryTranslation = { from: 'zh', to: 'en', engine: 'dictionary', terms: [{ source: '应激', translations: ['stress'] }] };
    const many: QueryTranslation = { ...one, terms: [{ source: '应激', translations: ['stress', 'sleep', 'students', 'examination'] }] };
    const [a, b] = await Promise.all([search('应激', one), search('应激', many)]);
    const score = (r: typeof a, id: string) => r.hits.find((h) => h.id === id)!.score;
    // "Stress and sleep in students" contains four of the translations: it scores as its best one, not their sum,
    // and the group weighs as its most common word, so no more than any one translation searched alone.
    expect(score(b, 'en-stress')).toBeLessThanOrEqual(
      Math.max(
        ...(await Promise.all(
          ['stress', 'sleep', 'students', 'examination'].map(async (w) => {
            const r = await search('应激', { ...one, terms: [{ source: '应激', translations: [w] }] });
            return score(r, 'en-stress');
          }),
        )),
      ) + 1e-9,
    );
    expect(score(b, 'en-stress')).toBeLessThan(score(a, 'en-stress') * 2);
  });

  it('needs most words of a short Chinese query in either language, so unrelated words find nothing', async () => {
    expect(await ids('糖酵解 星系 烘焙')).toEqual([]);
    expect((await ids('肿瘤 糖酵解')).sort()).toEqual(['en-glycolysis', 'zh-glycolysis']);
  });

  it('matches a Chinese term as a phrase, and ranks the words of a translation together above the same words apart', async () => {
    // 图神经网络 is cut into 图 神经 网络 in papers and queries alike: the boiler study has each, not the term.
    const found = await ids('图神经网络');
    expect(found).toContain('zh-gnn');
    expect(found).not.toContain('zh-boiler');
    expect(found.indexOf('en-gnn')).toBeLessThan(found.indexOf('en-apart'));
    // Without translation, the characters as written.
    expect(await ids('图神经网络', null)).toContain('zh-gnn');
  });
});
