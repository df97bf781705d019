// Field similarities and verdicts: truncated titles, slips, author lists, journal abbreviations.
import { describe, expect, it } from 'vitest';
import { compareAuthors } from './compare-authors';
import { containerSimilarity, containerVerdict, editDistance, substitutedWords, titleSimilarity, titleVerdict } from './similarity';

describe('similarities', () => {
  it('scores titles, keeping a title cut before its subtitle close', () => {
    expect(titleSimilarity('The state of OA: a large-scale analysis', 'The State of OA — a Large-Scale Analysis')).toBe(1);
    expect(titleSimilarity('Is cryopreservation a homogeneous process', 'Is cryopreservation a homogeneous process? Ultrastructure and motility')).toBe(0.9);
    expect(titleSimilarity('Deep learning', 'Deep learning for everything under the sun')).toBeLessThan(0.9);
  });

  it('finds a substituted title word, but not a spelling variant, hyphenation or a missing subtitle', () => {
    const record = 'A random walk model for the evolution of the halo spin vector';
    expect(substitutedWords('A random walk model for the evolution of the galaxy spin vector', record)).toEqual(['galaxy']);
    expect(
      substitutedWords('A random-walk modelling of the evolution of the halo spin vector', 'A random walk modeling of the evolution of the halo spin vector'),
    ).toEqual([]);
    expect(substitutedWords('The state of OA: a largescale analysis', 'The state of OA: a large-scale analysis of Open Access')).toEqual([]);
    expect(substitutedWords('Is cryopreservation a homogeneous process', 'Is cryopreservation a homogeneous process? Ultrastructure and motility')).toEqual([]);
    expect(substitutedWords('水运工程施工项目全过程管理的有效性研究', '水运工程施工项目全过程管理的有效性探索')).toEqual([]);
  });

  it('counts a swap of two neighbouring letters as one edit', () => {
    expect(editDistance('langauge', 'language')).toBe(1);
    expect(editDistance('halucination', 'hallucination')).toBe(1);
    expect(editDistance('模型语言', '语言模型')).toBe(4);
    expect(editDistance('语模言型', '语言模型')).toBe(1);
  });

  it('tells an identical title from one with slips and from another title', () => {
    const record = 'A Survey on Hallucination in Large Language Models: Principles, Taxonomy, Challenges, and Open Questions';
    // Case, punctuation, accents and width are normalised away.
    expect(titleVerdict('a survey on hallucination in large language models - principles, taxonomy, challenges, and open questions', record)).toBe('matched');
    expect(titleVerdict('A Survey on Hallucination in Large Language Models：Principles，Taxonomy，Challenges，and Open Questions', record)).toBe('matched');
    expect(titleVerdict('Café society', 'Cafe Society')).toBe('matched');
    expect(titleVerdict('水运工程施工项目全过程管理的有效性探索', '水运工程施工项目全过程管理的有效性探索。')).toBe('matched');
    // Two letters swapped, one dropped or doubled, a cut subtitle: the same title with slips.
    expect(titleVerdict(record.replace('Language', 'Langauge'), record)).toBe('slip');
    expect(titleVerdict(record.replace('Hallucination', 'Halucination'), record)).toBe('slip');
    expect(titleVerdict('A Survey on Hallucination in Large Language Models', record)).toBe('slip');
    expect(titleVerdict('水运工程施工项目全过程管理的有效性探索', '水运工程施工项目全过程管理的有效性探索')).toBe('matched');
    expect(titleVerdict('水运工程施工项目全过程管理的有校性探索', '水运工程施工项目全过程管理的有效性探索')).toBe('slip');
    expect(titleVerdict('水运工程施工项目全过程管理的有效探索', '水运工程施工项目全过程管理的有效性探索')).toBe('slip');
    // Another word is another title, in either script.
    expect(titleVerdict(record.replace('Survey', 'Benchmark'), record)).toBe('different');
    expect(titleVerdict('水运工程施工项目全过程管理的有效性研究', '水运工程施工项目全过程管理的有效性探索')).toBe('different');
  });

  it('compares author lists by family name, Han names whole, with the first author apart', () => {
    const found = [
      { given: 'Heather', family: 'Piwowar' },
      { given: 'Jason', family: 'Priem' },
      { given: 'Vincent', family: 'Larivière' },
    ];
    expect(compareAuthors([{ family: 'PIWOWAR' }, { family: 'Lariviere' }], found)).toEqual({ verdict: 'matched', similarity: 1, firstMatches: true });
    expect(compareAuthors([{ family: 'Priem' }, { family: 'Piwowar' }], found)).toMatchObject({ verdict: 'different', similarity: 1, firstMatches: false });
    expect(compareAuthors([{ family: 'Smith' }, { family: 'Piwowar' }], found)).toMatchObject({ verdict: 'different', similarity: 0.5 });
    // One letter off a real author's name is a slip, which the record corrects.
    expect(compareAuthors([{ family: 'Piwowra' }, { family: 'Priem' }], found)).toEqual({ verdict: 'slip', similarity: 0.75, firstMatches: false });
    expect(compareAuthors([{ family: 'Serra' }], [{ family: 'Dalla Serra' }]).firstMatches).toBe(true);
    expect(compareAuthors([{ literal: '张三' }], [{ family: '张', given: '三' }]).verdict).toBe('matched');
    expect(compareAuthors([{ literal: '张三' }], [{ literal: '张伟' }]).verdict).toBe('different');
    // A Chinese name in Han against a record that writes it in pinyin.
    expect(
      compareAuthors(
        [{ literal: '张伟' }, { literal: '李娜' }],
        [
          { family: 'Zhang', given: 'Wei' },
          { family: 'Li', given: 'Na' },
        ],
      ).verdict,
    ).toBe('matched');
    expect(compareAuthors([{ literal: '张伟' }], [{ family: 'Wang', given: 'Wei' }]).verdict).toBe('different');
    // A family name that is also a particle (Binh M. Le) is a name when the work has it; a stray particle is not.
    expect(
      compareAuthors(
        [
          { family: 'Le', given: 'B. M.' },
          { family: 'Woo', given: 'S. S.' },
        ],
        [
          { family: 'Le', given: 'Binh M.' },
          { family: 'Woo', given: 'Simon S.' },
        ],
      ).verdict,
    ).toBe('matched');
    expect(compareAuthors([{ family: 'Genabith' }, { family: 'van' }], [{ family: 'van Genabith' }]).verdict).toBe('matched');
    expect(compareAuthors([{ family: 'Le' }, { family: 'Woo' }], [{ family: 'Lee' }, { family: 'Woo' }]).firstMatches).toBe(false);
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

  it('matches a journal or its abbreviation, and calls a close variant a slip', () => {
    expect(containerVerdict('J Orthop Res', 'Journal of Orthopaedic Research').verdict).toBe('matched');
    expect(containerVerdict('PLoS ONE', 'PLOS ONE').verdict).toBe('matched');
    expect(containerVerdict('水利学报', '水利学报').verdict).toBe('matched');
    expect(containerVerdict('Journal of Orthopaedic Reseacrh', 'Journal of Orthopaedic Research').verdict).toBe('slip');
    expect(containerVerdict('水利学报', '水利水电学报').verdict).not.toBe('matched');
    expect(containerVerdict('Nature', 'Nature Communications').verdict).toBe('different');
  });
});
