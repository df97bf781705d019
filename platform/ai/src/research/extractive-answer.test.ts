import { describe, expect, it } from 'vitest';
import { extractiveAnswer } from './extractive-answer';
import type { Evidence } from './retrieve';

const evidence = (paper: Partial<Evidence['paper']>): Evidence =>
  ({
    position: 1,
    score: 1,
    sources: ['local'],
    passages: [{ text: '一段原文。' }],
    paper: { id: 'p1', title: '基于深度学习的图像识别', authors: [], ...paper },
  }) as unknown as Evidence;

describe('the extractive answer', () => {
  it('cites a record that has no authors, year or venue without empty brackets', () => {
    const [, entry] = extractiveAnswer('图像识别', [evidence({})]);
    expect(entry).toBe('1. *基于深度学习的图像识别* — “一段原文。” [1]\n\n');
  });

  it('names authors, year and venue when the record has them', () => {
    const [, entry] = extractiveAnswer('image recognition', [
      evidence({ authors: [{ family: 'He', given: 'K' }], issued: { year: 2016 }, container: 'CVPR' } as never),
    ]);
    expect(entry).toMatch(/^1\. \*基于深度学习的图像识别\* \(.*He.*, 2016, CVPR\) — /);
  });
});
