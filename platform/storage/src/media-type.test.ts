import { describe, expect, it } from 'vitest';
import { attachment, parseMediaType, servingHeaders } from './media-type';

describe('parseMediaType', () => {
  it('reads type/subtype with parameters, lower-casing the essence and parameter names', () => {
    expect(parseMediaType('image/PNG')).toEqual({ essence: 'image/png', parameters: {} });
    expect(parseMediaType('text/plain;charset=UTF-8')).toEqual({ essence: 'text/plain', parameters: { charset: 'UTF-8' } });
    expect(parseMediaType(' Text/Plain ; Charset="utf-8" ; format=flowed ')).toEqual({
      essence: 'text/plain',
      parameters: { charset: 'utf-8', format: 'flowed' },
    });
    expect(parseMediaType('application/vnd.openxmlformats-officedocument.wordprocessingml.document')?.essence).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(parseMediaType('multipart/form-data; boundary="a \\"b\\" c"')?.parameters).toEqual({ boundary: 'a "b" c' });
    // Empty parameters between semicolons are allowed by the grammar.
    expect(parseMediaType('text/plain;;charset=utf-8;')?.essence).toBe('text/plain');
  });

  it('refuses everything that is not the grammar, the attacks first', () => {
    for (const value of [
      'image/png/, text/html',
      'image/webp/, image/svg+xml',
      'image/png, text/html',
      'text/html , image/png',
      'image/png text/html',
      'image/png;text/html',
      'image/png; charset',
      'image/png; =x',
      'image/png; a=b c',
      'image/png; a="unterminated',
      'image/png\r\nx-injected: 1',
      'image/png\0',
      'image/pngé',
      'image/',
      '/png',
      'image',
      '',
      '   ',
      'image/png; a=é',
      `image/${'a'.repeat(300)}`,
    ]) {
      expect(parseMediaType(value), JSON.stringify(value)).toBeNull();
    }
  });
});

describe('servingHeaders', () => {
  it('shows raster images, PDFs and plain text in place, as their essence', () => {
    expect(servingHeaders('image/png', 'me.png')).toEqual({ 'content-type': 'image/png' });
    expect(servingHeaders('application/pdf', 'paper.pdf')).toEqual({ 'content-type': 'application/pdf' });
    expect(servingHeaders('text/plain', 'notes.txt')).toEqual({ 'content-type': 'text/plain; charset=utf-8' });
  });

  it('sends every other type as an attachment, and what could run as text', () => {
    for (const type of ['text/html', 'image/svg+xml', 'application/xhtml+xml', 'text/xml', 'application/xml', 'text/javascript', 'application/javascript']) {
      expect(servingHeaders(type, 'x'), type).toEqual({
        'content-type': 'text/plain; charset=utf-8',
        'content-disposition': "attachment; filename=x; filename*=UTF-8''x",
      });
    }
    expect(servingHeaders('text/csv', 'data.csv')).toEqual({
      'content-type': 'text/csv',
      'content-disposition': expect.stringMatching(/^attachment; filename=data.csv;/),
    });
    expect(servingHeaders('text/markdown', 'a.md')['content-disposition']).toMatch(/^attachment/);
  });

  it('serves a stored value that is not a media type as opaque bytes to download', () => {
    for (const stored of ['image/png/, text/html', 'image/webp/, image/svg+xml', 'garbage']) {
      expect(servingHeaders(stored, 'x.png'), stored).toEqual({
        'content-type': 'application/octet-stream',
        'content-disposition': expect.stringMatching(/^attachment/),
      });
    }
  });
});

describe('attachment', () => {
  it('names the file percent-encoded, as the real server does, so nothing breaks out of the header', () => {
    expect(attachment('论文 (final).pdf')).toBe(`attachment; filename=%E8%AE%BA%E6%96%87%20(final).pdf; filename*=UTF-8''%E8%AE%BA%E6%96%87%20(final).pdf`);
    expect(attachment('a";b\r\n.txt')).toBe(`attachment; filename=a%22%3Bb%0D%0A.txt; filename*=UTF-8''a%22%3Bb%0D%0A.txt`);
    expect(attachment('')).toBe('attachment;');
  });
});
