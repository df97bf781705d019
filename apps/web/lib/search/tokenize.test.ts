import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { tokenize } from './tokenize';

describe('search tokenizer', () => {
  it('splits English on words and Chinese into dictionary words', () => {
    expect(tokenize('Scaling out, Citewise!')).toEqual(['scaling', 'out', 'citewise']);
    const terms = tokenize('自行部署文献检索');
    expect(terms).toContain('部署');
    expect(terms).toContain('检索');
  });

  it('lets a Chinese query find a Chinese document', () => {
    const index = new MiniSearch({ fields: ['text'], storeFields: ['text'], tokenize });
    index.addAll([
      { id: 'a', text: '在一台机器上自行部署 Citewise，并配置反向代理。' },
      { id: 'b', text: 'Colour modes and languages of the public site.' },
    ]);
    expect(index.search('反向代理').map((hit) => hit.id)).toEqual(['a']);
    expect(index.search('部署').map((hit) => hit.id)).toEqual(['a']);
    expect(index.search('languages').map((hit) => hit.id)).toEqual(['b']);
  });
});
