// Field similarities: truncated titles, author lists, journal abbreviations.
import { describe, expect, it } from 'vitest';
import { authorSimilarity, containerSimilarity, substitutedWords, titleSimilarity } from './similarity';

describe('similarities', () => {
  it('scores titles, keeping a title cut before its subtitle close', () => {
    expect(titleSimilarity('The state of OA: a large-scale analysis', 'The State of OA — a Large-Scale Analysis')).toBe(1);
    expect(titleSimilarity('Is cryopreservation a homogeneous process', 'Is cryopreservation a homogeneous process? Ultrastructure and motility')).toBe(0.9);
    expect(titleSimilarity('Deep learning', 'Deep learning for everything under the sun')).toBeLessThan(0.9);
  });

  it('finds a substituted title word, but not a spelling variant, hyphenation or a missing subtitle', () => {
    const record = 'A random walk model for the evolution of the halo spin vector';
    expect(substitutedWords('A random walk model for the evolution of the galaxy spin vector', record)).toEqual(['galaxy']);
    expect(substitutedWords('A random-walk modelling of the evolution of the halo spin vector', 'A random walk modeling of the evolution of the halo spin vector')).toEqual([]);
    expect(substitutedWords('The state of OA: a largescale analysis', 'The state of OA: a large-scale analysis of Open Access')).toEqual([]);
    expect(substitutedWords('Is cryopreservation a homogeneous process', 'Is cryopreservation a homogeneous process? Ultrastructure and motility')).toEqual([]);
    expect(substitutedWords('水运工程施工项目全过程管理的有效性研究', '水运工程施工项目全过程管理的有效性探索')).toEqual([]);
  });

  it('scores author lists by family names, with the first author apart', () => {
    const found = [{ given: 'Heather', family: 'Piwowar' }, { given: 'Jason', family: 'Priem' }, { given: 'Vincent', family: 'Larivière' }];
    expect(authorSimilarity([{ family: 'PIWOWAR' }, { family: 'Lariviere' }], found)).toEqual({ similarity: 1, firstMatches: true });
    expect(authorSimilarity([{ family: 'Priem' }, { family: 'Piwowar' }], found)).toEqual({ similarity: 1, firstMatches: false });
    expect(authorSimilarity([{ family: 'Smith' }, { family: 'Piwowar' }], found)).toEqual({ similarity: 0.5, firstMatches: false });
    expect(authorSimilarity([{ family: 'Serra' }], [{ family: 'Dalla Serra' }]).firstMatches).toBe(true);
    expect(authorSimilarity([{ literal: '张三' }], [{ family: '张', given: '三' }]).firstMatches).toBe(true);
    // A family name that is also a particle (Binh M. Le) is a name when the work has it; a stray particle is not.
    expect(authorSimilarity([{ family: 'Le', given: 'B. M.' }, { family: 'Woo', given: 'S. S.' }], [{ family: 'Le', given: 'Binh M.' }, { family: 'Woo', given: 'Simon S.' }])).toEqual({ similarity: 1, firstMatches: true });
    expect(authorSimilarity([{ family: 'Genabith' }, { family: 'van' }], [{ family: 'van Genabith' }])).toEqual({ similarity: 1, firstMatches: true });
    expect(authorSimilarity([{ family: 'Le' }, { family: 'Woo' }], [{ family: 'Lee' }, { family: 'Woo' }]).firstMatches).toBe(false);
  });

  it('accepts journal abbreviations but not another journal', () => {
    expect(containerSimilarity('J Orthop Res', 'Journal of Orthopaedic Research')).toBe(1);
    expect(containerSimilarity('Proc Natl Acad Sci U S A', 'Proceedings of the National Academy of Sciences of the United States of America')).toBe(1);
    expect(containerSimilarity('Sci. Rep.', 'Scientific Reports')).toBe(1);
    expect(containerSimilarity('PLoS ONE', 'PLOS ONE')).toBe(1);
    expect(containerSimilarity('J Magn Reson', 'Journal of magnetic resonance (San Diego, Calif. : 1997)')).toBe(1);
    expect(containerSimilarity('Nature', 'Nature Communications')).toBeLessThan(0.75);
    expect(containerSimilarity('J Bone Joint Surg', 'Journal of Orthopaedic Research')).toBeLessThan(0.75);
  });
});
