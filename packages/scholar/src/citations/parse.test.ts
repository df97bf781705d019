// Reading files other tools wrote, with broken entries among good ones: each broken entry is reported with its
// line, position and key, and every other entry is read.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseBibtex, parseCslJson, parseReferenceFile, parseRis } from './parse';

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'import', name), 'utf8');

describe('BibTeX', () => {
  const { papers, failures } = parseBibtex(fixture('third-party.bib'));

  it('reads the good entries, decoding LaTeX and @string macros', () => {
    expect(papers.map((p) => p.id)).toEqual(['doi:10.18653/v1/n19-1423', 'bibtex:mueller2020', 'arXiv:1706.03762', 'bibtex:after-the-broken-ones']);
    const [bert, crispr, attention, book] = papers;
    expect(bert).toMatchObject({
      title: 'BERT: Pre-training of Deep Bidirectional Transformers for Language Understanding',
      authors: [
        { family: 'Devlin', given: 'Jacob' },
        { family: 'Chang', given: 'Ming-Wei' },
        { family: 'Lee', given: 'Kenton' },
        { family: 'Toutanova', given: 'Kristina' },
      ],
      issued: { year: 2019, month: 6 },
      container: 'Proceedings of the 2019 Conference of the North American Chapter of the Association for Computational Linguistics',
      type: 'paper-conference',
      doi: '10.18653/v1/N19-1423',
      details: { publisher: 'Association for Computational Linguistics', 'publisher-place': 'Minneapolis, Minnesota', page: '4171-4186' },
      source: 'bibtex',
    });
    // "and others" marks a shortened author list; it is not a person.
    expect(crispr).toMatchObject({
      title: 'In vivo effects of CRISPR screening',
      authors: [
        { family: 'Müller', given: 'Jörg' },
        { family: 'García', given: 'Ana' },
      ],
      container: 'Nature Methods',
      details: { volume: '17', issue: '3', page: '100-110' },
      keywords: ['genomics', 'CRISPR'],
    });
    expect(attention).toMatchObject({
      type: 'article',
      arxivId: '1706.03762',
      fields: ['cs.CL'],
      authors: [
        { given: 'Ashish', family: 'Vaswani' },
        { given: 'Noam', family: 'Shazeer' },
      ],
    });
    expect(book).toMatchObject({ type: 'book', title: 'Still imported', details: { publisher: 'MIT Press', 'publisher-place': 'Cambridge, MA' } });
  });

  it('reports broken entries by line, position and key', () => {
    expect(failures).toEqual([
      { line: 38, entry: 4, key: 'broken-brace', reason: 'syntax error: expected "rbrace", got EOF' },
      { line: 43, entry: 5, key: 'no-title', reason: 'item has no title' },
    ]);
  });
});

describe('RIS', () => {
  const { papers, failures } = parseRis(fixture('third-party.ris'));

  it('reads the good records', () => {
    expect(papers).toHaveLength(2);
    expect(papers[0]).toMatchObject({
      id: 'doi:10.1000/test.1',
      doi: '10.1000/test.1',
      authors: [
        { family: 'Smith', given: 'John' },
        { family: '王', given: '小明' },
      ],
      issued: { year: 2019 },
      details: { volume: '3', issue: '2', page: '10-20' },
      keywords: ['citations', 'evaluation'],
      abstract: 'Line one of the abstract\ncontinues on the next line.',
      source: 'ris',
    });
    expect(papers[1]).toMatchObject({ id: 'conf-1', type: 'paper-conference', authors: [{ literal: '李雷' }], issued: { year: 2022 } });
  });

  it('reports a record without ER and one without a title', () => {
    expect(failures).toEqual([
      { line: 18, entry: 2, reason: 'record has no ER line before the next TY' },
      { line: 29, entry: 4, reason: 'item has no title' },
    ]);
  });
});

describe('CSL-JSON', () => {
  const { papers, failures } = parseCslJson(fixture('third-party.json'));

  it('reads the good items, including the one after an unclosed item', () => {
    expect(papers.map((p) => p.id)).toEqual(['http://zotero.org/users/1/items/ABCD1234', 'after-unclosed']);
    expect(papers[0]).toMatchObject({
      authors: [{ family: 'van den Berg', given: 'Anna' }, { literal: 'The Galaxy Collaboration' }],
      issued: { year: 2020, month: 3 },
      doi: '10.3847/1538-4357/ab6f72',
      keywords: ['galaxies', 'dark matter'],
      details: { volume: '890', page: '12-30' },
      source: 'csl-json',
    });
    expect(papers[1]!.issued).toEqual({ year: 2019, month: 7, day: 1 });
  });

  it('reports each broken item by line and id', () => {
    expect(failures).toEqual([
      { line: 14, entry: 2, key: 'missing-comma', reason: expect.stringMatching(/^not valid JSON/) },
      { line: 19, entry: 3, key: 'no-title', reason: 'item has no title' },
      { line: 23, entry: 4, key: 'unclosed', reason: expect.stringMatching(/^not valid JSON/) },
      { line: 33, entry: 6, reason: 'item is not a JSON object' },
    ]);
  });

  it('rejects text that is not CSL-JSON at all', () => {
    expect(parseReferenceFile('hello', 'csl-json').failures).toEqual([{ line: 1, entry: 1, reason: 'not a CSL-JSON array or object' }]);
  });
});
