import { describe, expect, it } from 'vitest';
import { decodeName, encodeName, fileKey, fileType, folderPrefix, nameProblem, parseFolderPath, typeAllowed } from './file-keys';

const KEY = /^[\w/!\-.*'() &$@=;:+,]*$/;

describe('file keys', () => {
  it('keeps ASCII names readable and escapes the rest, one-to-one', () => {
    expect(encodeName('Smith 2020 (draft).pdf')).toBe('Smith 2020 (draft).pdf');
    for (const name of ['深度学习综述.pdf', 'a=b.txt', 'naïve/bayes', 'Ω?#%.md', '..', '.', 'emoji 📄.pdf']) {
      const encoded = encodeName(name);
      expect(encoded).toMatch(KEY);
      expect(encoded).not.toMatch(/^\.+$/);
      expect(decodeName(encoded)).toBe(name);
    }
    expect(encodeName('a=b')).not.toBe(encodeName('a=3Db'));
  });

  it('finds a name by the prefix of its escaped form', () => {
    expect(encodeName('深度学习综述.pdf').startsWith(encodeName('深度'))).toBe(true);
  });

  it('builds folder prefixes and keys under the user id', () => {
    expect(folderPrefix('u1', [])).toBe('u1/');
    expect(folderPrefix('u1', ['论文', 'drafts'])).toBe(`u1/${encodeName('论文')}/drafts/`);
    expect(fileKey('u1', ['drafts'], '  notes.md ')).toBe('u1/drafts/notes.md');
    expect(parseFolderPath(' a / /b/ ')).toEqual(['a', 'b']);
  });

  it('says what is wrong with a name', () => {
    expect(nameProblem('  ')).toBe('empty');
    expect(nameProblem('a/b')).toBe('slash');
    expect(nameProblem('x'.repeat(201))).toBe('tooLong');
    expect(nameProblem('.emptyFolderPlaceholder')).toBe('reserved');
    expect(nameProblem('综述.pdf')).toBeNull();
  });

  it('knows types by extension and checks them against a bucket with wildcards', () => {
    expect(fileType({ name: 'refs.BIB', type: '' })).toBe('application/x-bibtex');
    expect(fileType({ name: 'a.pdf', type: 'application/pdf' })).toBe('application/pdf');
    expect(typeAllowed(['application/pdf', 'image/*'], 'image/png')).toBe(true);
    expect(typeAllowed(['application/pdf'], 'application/zip')).toBe(false);
    expect(typeAllowed(null, 'anything/else')).toBe(true);
  });
});
