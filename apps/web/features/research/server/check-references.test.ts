import { describe, expect, it } from 'vitest';
import { detectBibliographyFormat, splitPlainReferences } from './check-references';

describe('detectBibliographyFormat', () => {
  it('tells BibTeX, RIS and CSL-JSON from plain references', () => {
    expect(detectBibliographyFormat('  @article{a, title={x}}')).toBe('bibtex');
    expect(detectBibliographyFormat('TY  - JOUR\nTI  - x\nER  - ')).toBe('ris');
    expect(detectBibliographyFormat('[{"id": "a", "type": "article"}]')).toBe('csl-json');
    expect(detectBibliographyFormat('{"id": "a"}')).toBe('csl-json');
    expect(detectBibliographyFormat('[1] Vaswani A. Attention is all you need. 2017.')).toBe('plain');
  });
});

describe('splitPlainReferences', () => {
  it('takes one reference per line and drops list numbers', () => {
    expect(splitPlainReferences('[1] First. 2020.\n2. Second. 2021.\n3) Third.\n- Fourth.\n')).toEqual(['First. 2020.', 'Second. 2021.', 'Third.', 'Fourth.']);
  });

  it('takes one reference per paragraph when blank lines separate them', () => {
    expect(splitPlainReferences('Author A.\nA long title. 2020.\n\nAuthor B.\nAnother title. 2021.')).toEqual([
      'Author A. A long title. 2020.',
      'Author B. Another title. 2021.',
    ]);
  });
});
