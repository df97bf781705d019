// @ts-check
// The request side of the page cache: encodings, validators, languages and keys.
import { describe, expect, it } from 'vitest';
import { chooseEncoding, etagMatches, negotiatedLanguage, requestKey } from './page-cache-request.mjs';

describe('helpers', () => {
  it('chooses the encoding the client prefers among br, gzip and identity', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(chooseEncoding(undefined)).toBe('identity');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('identity;q=0')).toBe(null);
    expect(chooseEncoding('deflate')).toBe('identity');
  });

  it('compares ETags weakly for If-None-Match', () => {
    expect(etagMatches('"a"', '"a"')).toBe(true);
    expect(etagMatches('W/"a"', '"a"')).toBe(true);
    expect(etagMatches('"b", "a"', '"a"')).toBe(true);
    expect(etagMatches('*', '"a"')).toBe(true);
    expect(etagMatches('"b"', '"a"')).toBe(false);
    expect(etagMatches(undefined, '"a"')).toBe(false);
  });

  it('negotiates a language of the site from Accept-Language', () => {
    expect(negotiatedLanguage('zh-CN,zh;q=0.9,en;q=0.8', ['en', 'zh'])).toBe('zh');
    expect(negotiatedLanguage('fr-FR, en;q=0.5, zh;q=0.7', ['en', 'zh'])).toBe('zh');
    expect(negotiatedLanguage('EN-us', ['en', 'zh'])).toBe('en');
    expect(negotiatedLanguage('zh;q=0, en', ['en', 'zh'])).toBe('en');
    expect(negotiatedLanguage('fr, de', ['en', 'zh'])).toBe('');
    expect(negotiatedLanguage(undefined, ['en', 'zh'])).toBe('');
  });

  it('keys requests by path, negotiated language and language cookie alone', () => {
    /**
     * A GET of /pricing with these headers (name, value, name, value…), as Node hands it to a server.
     * @param {string[]} rawHeaders
     * @param {{ method?: string, url?: string }} [extra]
     */
    const request = (rawHeaders, extra = {}) => {
      /** @type {Record<string, string>} */
      const headers = {};
      for (let i = 0; i < rawHeaders.length; i += 2) headers[String(rawHeaders[i]).toLowerCase()] = String(rawHeaders[i + 1]);
      return { method: 'GET', url: '/pricing', rawHeaders, headers, ...extra };
    };
    const keying = { languages: ['en', 'zh'], cookie: 'NEXT_LOCALE' };
    const a = requestKey(request(['Host', 'x', 'Accept-Language', 'en', 'User-Agent', 'one']), keying);
    const b = requestKey(request(['accept-language', 'en-GB', 'user-agent', 'two', 'host', 'y', 'X-Junk', '1', 'X-Forwarded-Host', 'evil']), keying);
    expect(a).toEqual(b);
    expect(a?.headers).toEqual([
      ['Accept-Encoding', 'identity'],
      ['Accept-Language', 'en'],
    ]);
    expect(a?.key).toBe('/pricing\ncookie:\nlanguage:en');
    expect(requestKey(request(['Accept-Language', 'zh']), keying)?.key).not.toBe(a?.key);
    expect(requestKey(request(['Cookie', 'NEXT_LOCALE=zh', 'Accept-Language', 'en']), keying)).toEqual({
      key: '/pricing\ncookie:zh\nlanguage:',
      headers: [
        ['Accept-Encoding', 'identity'],
        ['Cookie', 'NEXT_LOCALE=zh'],
      ],
    });
    expect(requestKey(request(['Host', 'x'], { method: 'POST' }), keying)).toBe(null);
    expect(requestKey(request(['Host', 'x', 'Next-Router-State-Tree', '%5B%5D']), keying)).toBe(null);
    expect(requestKey(request(['Host', 'x', 'Cookie', 'other=1']), keying)).toBe(null);
    expect(requestKey(request(['Host', 'x', 'Cookie', 'NEXT_LOCALE=fr']), keying)).toBe(null);
    expect(requestKey(request(['Host', 'x'], { url: '//evil.test/' }), keying)).toBe(null);
  });
});
