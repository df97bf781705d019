import { describe, expect, it } from 'vitest';
import { chineseQueryPlan } from './chinese-query';

const plan = (terms: string[]) => {
  const p = chineseQueryPlan(terms);
  return { drop: [...p.drop], required: [...p.required], minimum: p.minimum };
};

describe('chineseQueryPlan', () => {
  it('leaves queries without Chinese alone', () => {
    expect(plan(['dens', 'retriev'])).toEqual({ drop: [], required: [], minimum: 0 });
  });

  it('needs both of two words and most of more, while single characters only add to the score', () => {
    expect(plan(['深度', '学习'])).toEqual({ drop: [], required: ['深度', '学习'], minimum: 2 });
    expect(plan(['深度', '学习', '图像', '识别'])).toEqual({ drop: [], required: ['深度', '学习', '图像', '识别'], minimum: 3 });
    expect(plan(['量子', '纠缠', '猫咪', '烘焙', '学'])).toEqual({ drop: [], required: ['量子', '纠缠', '猫咪', '烘焙'], minimum: 3 });
    expect(plan(['遥', '感', '土地', '利用'])).toEqual({ drop: [], required: ['土地', '利用'], minimum: 2 });
  });

  it('counts English words of a mixed query among its words', () => {
    expect(plan(['bert', '模型'])).toEqual({ drop: [], required: ['bert', '模型'], minimum: 2 });
  });

  it('searches a one-character query as it is and needs every character of a query of characters', () => {
    expect(plan(['学'])).toEqual({ drop: [], required: [], minimum: 0 });
    expect(plan(['遥', '感'])).toEqual({ drop: [], required: ['遥', '感'], minimum: 2 });
  });

  it('ranks a pasted passage by any word, without its single characters', () => {
    const words = Array.from({ length: 13 }, (_, i) => `词${String.fromCodePoint(0x4e00 + i)}`);
    expect(plan([...words, '的'])).toEqual({ drop: ['的'], required: [], minimum: 0 });
  });
});
