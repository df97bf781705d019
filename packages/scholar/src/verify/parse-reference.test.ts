// Reading references in the common citation styles, CSL-JSON items, structured references and bare identifiers.
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../search/invalid-input';
import { parseReference } from './parse-reference';

const TITLE = 'The state of OA: a large-scale analysis of the prevalence and impact of Open Access articles';

describe('formatted references', () => {
  const SERIES = 'STARFORGE. I. Synthetic observations of star-forming clouds';
  it.each([
    ['Vancouver', `Grudic MY, Guszejnov D. ${SERIES}. Mon Not R Astron Soc. 2021;506:2199.`, 'Mon Not R Astron Soc'],
    ['Nature', `Grudić, M. Y. et al. ${SERIES}. Monthly Notices 506, 2199 (2021).`, 'Monthly Notices'],
    ['APA', `Grudić, M. Y., & Guszejnov, D. (2021). ${SERIES}. Monthly Notices, 506, 2199.`, 'Monthly Notices'],
    ['GB/T 7714', `[1] GRUDIC M Y, GUSZEJNOV D. ${SERIES}[J]. Monthly Notices, 2021, 506: 2199.`, 'Monthly Notices'],
  ])('keeps a series numeral inside the title (%s)', (_style, text, container) => {
    const ref = parseReference(text);
    expect(ref.title).toBe(SERIES);
    expect(ref.container).toBe(container);
    expect(ref.authors[0]!.family).toMatch(/^Grudi/i);
  });

  it('still reads a single initial I after a family name as an initial', () => {
    const ref = parseReference('Goodfellow I, Bengio Y. Deep learning with series. II. Practice. MIT Press. 2016.');
    expect(ref.authors.map((a) => a.family)).toEqual(['Goodfellow', 'Bengio']);
    expect(ref.title).toBe('Deep learning with series. II. Practice');
  });

  it.each([
    [
      'APA',
      `Piwowar, H., Priem, J., Larivière, V., Alperin, J. P., Matthias, L., Norlander, B., Farley, A., West, J., & Haustein, S. (2018). ${TITLE}. PeerJ, 6, e4375.`,
    ],
    ['Vancouver', `Piwowar H, Priem J, Larivière V, Alperin JP, Matthias L, Norlander B, et al. ${TITLE}. PeerJ. 2018;6:e4375.`],
    ['IEEE', `[3] H. Piwowar, J. Priem, and V. Larivière, “${TITLE},” PeerJ, vol. 6, p. e4375, 2018.`],
    ['MLA', `Piwowar, Heather, et al. "${TITLE}." PeerJ, vol. 6, 2018, p. e4375.`],
    ['Nature', `Piwowar, H. et al. ${TITLE}. PeerJ 6, e4375 (2018).`],
    ['Harvard', `Piwowar, H. et al. (2018) ${TITLE}. PeerJ, 6, p. e4375.`],
    ['GB/T 7714', `[1] PIWOWAR H, PRIEM J, LARIVIÈRE V, 等. ${TITLE}[J]. PeerJ, 2018, 6: e4375.`],
  ])('reads %s', (_style, text) => {
    const ref = parseReference(text);
    expect(ref.title).toBe(TITLE);
    expect(ref.year).toBe(2018);
    expect(ref.container).toBe('PeerJ');
    expect(ref.authors[0]!.family!.toLowerCase()).toBe('piwowar');
    expect(ref).toMatchObject({ volume: '6', issue: null, pages: 'e4375' });
  });

  it.each([
    ['APA', 'LeCun, Y., Bengio, Y., & Hinton, G. (2015). Deep learning. Nature, 521(7553), 436–444.'],
    ['Vancouver', 'LeCun Y, Bengio Y, Hinton G. Deep learning. Nature. 2015;521(7553):436–44.'],
    ['IEEE', 'Y. LeCun, Y. Bengio, and G. Hinton, “Deep learning,” Nature, vol. 521, no. 7553, pp. 436–444, 2015.'],
    ['MLA', 'LeCun, Yann, et al. “Deep Learning.” Nature, vol. 521, no. 7553, 2015, pp. 436–44.'],
    ['GB/T 7714', 'LECUN Y, BENGIO Y, HINTON G. Deep learning[J]. Nature, 2015, 521(7553): 436-444.'],
  ])('reads volume, issue and pages (%s)', (_style, text) => {
    expect(parseReference(text)).toMatchObject({
      title: expect.stringMatching(/^deep learning$/i),
      year: 2015,
      container: 'Nature',
      volume: '521',
      issue: '7553',
      pages: expect.stringMatching(/^436-44(4)?$/),
    });
  });

  it('reads no volume or pages where there are none, nor a date as one', () => {
    expect(parseReference('A. Konyspay and P. Shamoi, “Meme similarity and emotion detection,” Mar. 25, 2025, arXiv.')).toMatchObject({
      volume: null,
      issue: null,
      pages: null,
    });
    expect(parseReference('Zhang, H. et al. Leveraging LLMs for utility-focused annotation. Preprint at (2025).')).toMatchObject({ volume: null, pages: null });
  });

  it('reads identifiers anywhere and keeps them out of the other fields', () => {
    const ref = parseReference(`Piwowar, H. (2018). ${TITLE}. PeerJ, 6, e4375. https://doi.org/10.7717/PEERJ.4375`);
    expect(ref).toMatchObject({ doi: '10.7717/peerj.4375', title: TITLE, container: 'PeerJ' });
    const preprint = parseReference('Stanley, C., & Windisch, T. (2016). Heat-bath random walks with Markov bases. arXiv preprint arXiv:1605.08386v1.');
    expect(preprint).toMatchObject({
      arxivId: '1605.08386',
      title: 'Heat-bath random walks with Markov bases',
      container: 'arXiv preprint',
      authors: [{ family: 'Stanley' }, { family: 'Windisch' }],
    });
    expect(
      parseReference('Lieber RL, Jacks TM. Growth hormone secretagogue increases muscle strength. J Orthop Res. 1997;15(4):519-27. PMID: 9379261'),
    ).toMatchObject({ pmid: '9379261', container: 'J Orthop Res', year: 1997 });
  });

  it('reads Chinese GB/T 7714 references', () => {
    expect(parseReference('[2] 张三, 李四. 水运工程施工项目全过程管理的有效性探索[J]. 水运工程, 2020, 12(3): 45-50.')).toEqual({
      doi: null,
      arxivId: null,
      pmid: null,
      title: '水运工程施工项目全过程管理的有效性探索',
      authors: [{ literal: '张三' }, { literal: '李四' }],
      year: 2020,
      container: '水运工程',
      volume: '12',
      issue: '3',
      pages: '45-50',
    });
  });

  it('takes a bare identifier as just that', () => {
    expect(parseReference(' https://doi.org/10.1038/srep16696 ')).toMatchObject({ doi: '10.1038/srep16696', title: null, authors: [] });
    expect(parseReference('arXiv:astro-ph/0601001v1')).toMatchObject({ arxivId: 'astro-ph/0601001' });
    expect(parseReference('PMID: 28775130')).toMatchObject({ pmid: '28775130' });
  });
});

describe('references the benchmark misread (bench:verify)', () => {
  it('keeps quotation marks inside an APA title instead of taking the quoted words as the title', () => {
    const ref = parseReference(
      'Li, L., Mathrani, A., & Susnjak, T. (2025). What Level of Automation is “Good Enough”? A Benchmark of Large Language Models for Meta-Analysis Data Extraction. arXiv.',
    );
    expect(ref.title).toBe('What Level of Automation is “Good Enough”? A Benchmark of Large Language Models for Meta-Analysis Data Extraction');
    expect(ref.authors.map((a) => a.family)).toEqual(['Li', 'Mathrani', 'Susnjak']);
    // A title quoted after its authors is still read as quoted.
    expect(parseReference('A. Morenville and É. Piette, “Modeling Uncertainty: Belief States,” Jul. 28, 2025, arXiv.').title).toBe(
      'Modeling Uncertainty: Belief States',
    );
  });

  it('reads a GB/T capitalised family name followed by an abbreviated given name (EHSAN Md A)', () => {
    const ref = parseReference(
      'EHSAN Md A, HASAN A S M M, SHAHNOOR K B, et al. Automatic Question & Answer Generation Using Generative Large Language Model (LLM)[EB]. arXiv, 2025.',
    );
    expect(ref.authors).toEqual([
      { family: 'EHSAN', given: 'Md A' },
      { family: 'HASAN', given: 'A S M M' },
      { family: 'SHAHNOOR', given: 'K B' },
    ]);
    expect(ref.title).toBe('Automatic Question & Answer Generation Using Generative Large Language Model (LLM)');
    expect(ref.container).toBe('arXiv');
  });

  it.each([
    [
      'Lorenzin A, Zanasi F. Bayesian Networks, Markov Networks, Moralisation, Triangulation: a Categorical Perspective. arXiv; 2025.',
      'Bayesian Networks, Markov Networks, Moralisation, Triangulation: a Categorical Perspective',
      ['Lorenzin', 'Zanasi'],
    ],
    [
      'Deik DGX, Long Q, Liu Z, Chen NF, Wang W. Programming over Thinking: Efficient and Robust Multi-Constraint Planning. arXiv; 2026.',
      'Programming over Thinking: Efficient and Robust Multi-Constraint Planning',
      ['Deik', 'Long', 'Liu', 'Chen', 'Wang'],
    ],
  ])('does not read a title of capitalised, comma- or and-separated words as authors: %s', (text, title, families) => {
    const ref = parseReference(text);
    expect(ref.title).toBe(title);
    expect(ref.authors.map((a) => a.family)).toEqual(families);
  });

  it('keeps `arXiv:` inside a title: only an arXiv id after it is an identifier', () => {
    const ref = parseReference('GINEV D, CARUSO B, MILLER B, et al. Scaling Accessible Mathematics on arXiv: HTML Conversion and MathML 4[EB]. arXiv, 2026.');
    expect(ref.title).toBe('Scaling Accessible Mathematics on arXiv: HTML Conversion and MathML 4');
    expect(ref.arxivId).toBeNull();
    const withId = parseReference('Roshtkhari M J, Toews M. Neural Architecture Search. arXiv, 2025. arXiv:2503.21061v2');
    expect(withId.arxivId).toBe('2503.21061');
    expect(withId.title).toBe('Neural Architecture Search');
  });
});

describe('objects', () => {
  it('reads a CSL-JSON item', () => {
    expect(
      parseReference({
        type: 'article-journal',
        title: 'Single-molecule FRET studies',
        author: [{ family: 'Tosatto', given: 'Laura' }, { literal: 'CRRN' }],
        issued: { 'date-parts': [[2015, 11, 19]] },
        'container-title': 'Sci Rep',
        DOI: 'https://doi.org/10.1038/SREP16696',
        volume: '5',
      }),
    ).toEqual({
      doi: '10.1038/srep16696',
      arxivId: null,
      pmid: null,
      title: 'Single-molecule FRET studies',
      authors: [{ family: 'Tosatto', given: 'Laura' }, { literal: 'CRRN' }],
      year: 2015,
      container: 'Sci Rep',
      volume: '5',
      issue: null,
      pages: null,
    });
    expect(parseReference({ title: 'A preprint', URL: 'https://arxiv.org/abs/2104.12255v1', issued: { raw: 'April 2021' } })).toMatchObject({
      arxivId: '2104.12255',
      year: 2021,
    });
  });

  it('reads a structured reference with names as strings', () => {
    expect(
      parseReference({ title: ` ${TITLE} `, authors: ['Heather Piwowar', 'Priem, J.', { family: 'Larivière' }], year: 2018, pmid: '29456894' }),
    ).toMatchObject({
      title: TITLE,
      pmid: '29456894',
      year: 2018,
      authors: [{ given: 'Heather', family: 'Piwowar' }, { given: 'J.', family: 'Priem' }, { family: 'Larivière' }],
    });
  });

  it('refuses what cannot be a reference, saying why', () => {
    expect(() => parseReference('')).toThrow(InvalidInputError);
    expect(() => parseReference({ year: 2020 })).toThrow(/needs a DOI, an arXiv id, a PMID or a title/);
    expect(() => parseReference({ title: 42 })).toThrow(/title/);
    expect(() => parseReference(42 as never)).toThrow(/a reference is a string/);
    expect(() => parseReference('x'.repeat(5000))).toThrow(/at most 4000 characters/);
  });
});
