import { describe, expect, it } from 'vitest';
import { resolveRedirect } from './redirect';

const options = { siteUrl: 'https://citewise.example', allowList: ['https://*.citewise.example/**', 'com.citewise.app://callback'] };
const resolve = (url: string | undefined) => resolveRedirect(url, options);

describe('resolveRedirect', () => {
  it('keeps URLs on the site, on loopback addresses and on the allow list', () => {
    expect(resolve('https://citewise.example/auth/callback?next=%2Fdashboard')).toBe('https://citewise.example/auth/callback?next=%2Fdashboard');
    expect(resolve('http://127.0.0.1:5173/cb')).toBe('http://127.0.0.1:5173/cb');
    expect(resolve('http://[::1]:8080/cb')).toBe('http://[::1]:8080/cb');
    expect(resolve('https://preview.citewise.example/auth/callback#x')).toBe('https://preview.citewise.example/auth/callback#x');
  });

  it('falls back to the site URL for everything else', () => {
    for (const url of [
      undefined,
      '',
      'https://evil.example/',
      'https://citewise.example.evil.example/',
      'https://citewise.example@evil.example/',
      'javascript:alert(1)',
      '//evil.example/path',
      '/relative/path',
      'http://2130706433/',
      'http://0x7f000001/',
      'https://citewise.example\\@evil.example',
      'http://citewise.example/',
      'https://a.b.citewise.example/x',
      'data:text/html,hi',
    ]) {
      expect(resolve(url), String(url)).toBe('https://citewise.example');
    }
  });

  it('ignores the port only for localhost sites', () => {
    const local = { siteUrl: 'http://localhost:3000', allowList: [] };
    expect(resolveRedirect('http://localhost:4000/x', local)).toBe('http://localhost:4000/x');
    expect(resolveRedirect('https://citewise.example:8443/x', options)).toBe('https://citewise.example');
  });
});
