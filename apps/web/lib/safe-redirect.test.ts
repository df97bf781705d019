import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/zh/dashboard/settings?tab=billing#plan', '/zh/dashboard/settings?tab=billing#plan'],
    ['/ai/research?q=graph%20neural%20networks', '/ai/research?q=graph%20neural%20networks'],
    ['/docs/a/../getting-started', '/docs/getting-started'],
    ['/', '/'],
  ])('keeps the path %s on this site', (value, expected) => {
    expect(safeRedirect(value)).toBe(expected);
  });

  it.each([
    'https://evil.example/phish',
    'http://evil.example',
    '//evil.example/path',
    '///evil.example',
    '////evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '\\/evil.example',
    '/%5Cevil.example',
    '/%5cevil.example',
    '%2F%2Fevil.example',
    '/%2F%2Fevil.example',
    '/%252F%252Fevil.example',
    '/%09/evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    ' /dashboard',
    '/dash\u0000board',
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)',
    '/javascript:alert(1)'.replace('/', ''),
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox',
    'evil.example',
    'dashboard',
    '@evil.example',
    'https:evil.example',
    '/\u3000/evil.example',
    '/%E3%80%80/evil.example',
    '',
  ])('sends %j to the fallback', (value) => {
    expect(safeRedirect(value)).toBe('/dashboard');
  });

  it('refuses values that are not strings, or absurdly long', () => {
    expect(safeRedirect(undefined)).toBe('/dashboard');
    expect(safeRedirect(null)).toBe('/dashboard');
    expect(safeRedirect(['/a'])).toBe('/dashboard');
    expect(safeRedirect(`/${'a'.repeat(3000)}`)).toBe('/dashboard');
  });

  it('uses the fallback it is given', () => {
    expect(safeRedirect('//evil.example', { fallback: '/zh/dashboard' })).toBe('/zh/dashboard');
  });

  it('reduces an absolute URL on this site to its path, and refuses other origins', () => {
    const origin = 'https://citewise.example';
    expect(safeRedirect('https://citewise.example/dashboard?x=1', { origin })).toBe('/dashboard?x=1');
    expect(safeRedirect('https://citewise.example.evil.example/dashboard', { origin })).toBe('/dashboard');
    expect(safeRedirect('https://user:pw@citewise.example/dashboard', { origin })).toBe('/dashboard');
    expect(safeRedirect('http://citewise.example/dashboard', { origin })).toBe('/dashboard');
    expect(safeRedirect('https://citewise.example//evil.example', { origin })).toBe('/dashboard');
  });

  it('accepts other sites only when told to', () => {
    expect(safeRedirect('https://checkout.example/pay', { external: true })).toBe('https://checkout.example/pay');
    expect(safeRedirect('https://checkout.example/pay')).toBe('/dashboard');
    expect(safeRedirect('javascript:alert(1)', { external: true })).toBe('/dashboard');
    expect(safeRedirect('https://a:b@checkout.example/', { external: true })).toBe('/dashboard');
  });

  it('refuses paths the caller rules out', () => {
    const refuse = (path: string) => /^(\/zh)?\/auth(\/|$)/.test(path);
    expect(safeRedirect('/auth/signin', { refuse })).toBe('/dashboard');
    expect(safeRedirect('/zh/auth/signup?plan=pro', { refuse })).toBe('/dashboard');
    expect(safeRedirect('/authors', { refuse })).toBe('/authors');
  });
});
