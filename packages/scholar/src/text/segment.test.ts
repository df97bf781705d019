import { describe, expect, it } from 'vitest';
import { segmentForIndex } from './segment';

describe('segmentForIndex', () => {
  it('splits Chinese into words and leaves other text alone', () => {
    expect(segmentForIndex('Dense retrieval, 2024.')).toBe('Dense retrieval, 2024.');
    const words = segmentForIndex('基于深度学习的文献检索').split(' ');
    expect(words.length).toBeGreaterThan(3);
    expect(words.join('')).toBe('基于深度学习的文献检索');
    expect(segmentForIndex('BERT模型在中文上的应用')).toMatch(/^BERT ?模型 /);
  });
});
