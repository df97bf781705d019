// Identifier spellings as they appear in records and references.
import { describe, expect, it } from 'vitest';
import { identifiersInText, normaliseArxivId, normaliseDoi, normalisePmid, parseIdentifier } from './identifiers';

describe('identifiers', () => {
  it('normalises DOIs from resolver URLs, prefixes, case and percent-encoding', () => {
    for (const form of [
      '10.7717/PeerJ.4375',
      'https://doi.org/10.7717/peerj.4375',
      'http://dx.doi.org/10.7717/peerj.4375',
      'doi:10.7717/peerj.4375',
      'DOI: 10.7717/peerj.4375.',
      'https://doi.org/10.7717%2Fpeerj.4375',
    ]) {
      expect(normaliseDoi(form)).toBe('10.7717/peerj.4375');
    }
    expect(normaliseDoi('10.1016/0005-2795(76)90109-4')).toBe('10.1016/0005-2795(76)90109-4');
    expect(normaliseDoi('not a doi')).toBeNull();
    expect(normaliseDoi('11.1234/x')).toBeNull();
  });

  it('normalises new and old arXiv ids, with versions, prefixes and URLs', () => {
    expect(normaliseArxivId('arXiv:2104.12255v1')).toBe('2104.12255');
    expect(normaliseArxivId('https://arxiv.org/abs/1605.08386v2')).toBe('1605.08386');
    expect(normaliseArxivId('https://arxiv.org/pdf/2511.09381v1.pdf')).toBe('2511.09381');
    expect(normaliseArxivId('astro-ph/0601001v1')).toBe('astro-ph/0601001');
    expect(normaliseArxivId('math.GT/0309136')).toBe('math/0309136');
    expect(normaliseArxivId('Hep-TH/9901001')).toBe('hep-th/9901001');
    expect(normaliseArxivId('10.48550/arXiv.2104.12255')).toBe('2104.12255');
    expect(normaliseArxivId('1234')).toBeNull();
  });

  it('normalises PMIDs', () => {
    expect(normalisePmid('PMID: 0029456894')).toBe('29456894');
    expect(normalisePmid(9997)).toBe('9997');
    expect(normalisePmid('0')).toBeNull();
    expect(normalisePmid('12ab')).toBeNull();
  });

  it('guesses the kind of a typed identifier', () => {
    expect(parseIdentifier('https://doi.org/10.1038/srep16696')).toEqual({ kind: 'doi', value: '10.1038/srep16696' });
    expect(parseIdentifier('10.48550/arXiv.1605.08386')).toEqual({ kind: 'arxiv', value: '1605.08386' });
    expect(parseIdentifier('arXiv:astro-ph/0601001')).toEqual({ kind: 'arxiv', value: 'astro-ph/0601001' });
    expect(parseIdentifier('2104.12255v3')).toEqual({ kind: 'arxiv', value: '2104.12255' });
    expect(parseIdentifier('PMID:28775130')).toEqual({ kind: 'pmid', value: '28775130' });
    expect(parseIdentifier('28775130')).toEqual({ kind: 'pmid', value: '28775130' });
    expect(parseIdentifier('Attention is all you need')).toBeNull();
  });

  it('finds identifiers inside formatted references', () => {
    expect(identifiersInText('Piwowar H, et al. The state of OA. PeerJ. 2018;6:e4375. doi:10.7717/peerj.4375. PMID: 29456894.')).toEqual([
      { kind: 'doi', value: '10.7717/peerj.4375' },
      { kind: 'pmid', value: '29456894' },
    ]);
    expect(identifiersInText('C. Stanley and T. Windisch, “Heat-bath random walks with Markov bases,” arXiv preprint arXiv:1605.08386v1, 2016.')).toEqual([
      { kind: 'arxiv', value: '1605.08386' },
    ]);
    expect(identifiersInText('See (https://doi.org/10.1038/srep16696).')).toEqual([{ kind: 'doi', value: '10.1038/srep16696' }]);
    expect(identifiersInText('https://arxiv.org/abs/astro-ph/0601001')).toEqual([{ kind: 'arxiv', value: 'astro-ph/0601001' }]);
    expect(identifiersInText('Smith J. A study of things. J Things. 2020;1:1-10.')).toEqual([]);
  });
});
