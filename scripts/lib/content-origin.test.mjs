// @ts-check
import { describe, expect, it } from 'vitest';
import { parseContentOrigin, routeContentOrigin } from './content-origin.mjs';

// A value of STORAGE_PUBLIC_URL parses to an origin; the first test checks it.
const content = /** @type {import('./content-origin.mjs').ContentOrigin} */ (
  parseContentOrigin('https://usercontent.example.com/', 'https://citewise.example.com')
);
const object = '/platform/storage/v1/object/public/avatars/u/me.png';
const signed = '/platform/storage/v1/object/sign/files/u/paper.pdf?token=abc';

describe('parseContentOrigin', () => {
  it('takes an origin, and nothing when unset', () => {
    expect(content).toEqual({ origin: 'https://usercontent.example.com', host: 'usercontent.example.com' });
    expect(parseContentOrigin('http://127.0.0.2:3000', 'http://localhost:3000')).toEqual({ origin: 'http://127.0.0.2:3000', host: '127.0.0.2:3000' });
    expect(parseContentOrigin('', 'https://a.example')).toBeNull();
    expect(parseContentOrigin(undefined, undefined)).toBeNull();
  });

  it('refuses what is not an origin, and the site itself', () => {
    for (const value of ['usercontent.example.com', 'ftp://x.example', 'https://x.example/files', 'https://x.example/?a=1', 'https://u:p@x.example']) {
      expect(() => parseContentOrigin(value, 'https://citewise.example.com'), value).toThrow(/STORAGE_PUBLIC_URL/);
    }
    expect(() => parseContentOrigin('https://citewise.example.com', 'https://citewise.example.com/')).toThrow(/another origin/);
  });
});

describe('routeContentOrigin', () => {
  it('serves only open object reads on the content host, readable from script', () => {
    for (const url of [object, signed]) {
      for (const method of ['GET', 'HEAD']) {
        const decision = routeContentOrigin(content, { method, url, host: 'UserContent.example.com' });
        expect(decision).toMatchObject({ pass: true, headers: { 'access-control-allow-origin': '*' } });
      }
    }
    expect(routeContentOrigin(content, { method: 'OPTIONS', url: signed, host: content.host })).toMatchObject({
      status: 204,
      headers: { 'access-control-allow-headers': '*' },
    });
  });

  it('answers 404 on the content host to pages, the API, writes and authenticated reads', () => {
    for (const [method, url] of /** @type {[string, string][]} */ ([
      ['GET', '/'],
      ['GET', '/dashboard'],
      ['GET', '/api/health'],
      ['POST', '/api/notes'],
      ['GET', '/platform/auth/v1/user'],
      ['POST', object],
      ['GET', '/platform/storage/v1/object/authenticated/files/u/a.pdf'],
      ['GET', '/platform/storage/v1/object/files/u/a.pdf'],
      ['POST', '/platform/storage/v1/object/list/files'],
      ['GET', '/_next/static/chunks/app.js'],
    ])) {
      expect(routeContentOrigin(content, { method, url, host: content.host }), `${method} ${url}`).toMatchObject({ status: 404 });
    }
  });

  it('redirects open object reads on the site to the content host, and passes everything else', () => {
    expect(routeContentOrigin(content, { method: 'GET', url: signed, host: 'citewise.example.com' })).toEqual({
      status: 307,
      headers: { location: `https://usercontent.example.com${signed}`, 'cache-control': 'no-store' },
    });
    for (const [method, url] of /** @type {[string, string][]} */ ([
      ['GET', '/'],
      ['POST', object],
      ['GET', '/platform/storage/v1/object/authenticated/files/u/a.pdf'],
      ['GET', '/platform/storage/v1/object/public/avatars'],
    ])) {
      expect(routeContentOrigin(content, { method, url, host: 'citewise.example.com' }), `${method} ${url}`).toEqual({ pass: true, headers: {} });
    }
  });
});
