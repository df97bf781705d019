import { describe, expect, it } from 'vitest';
import { authGuard, type AuthGuardConfig } from '@/config/auth';
import { isAuthPage, isGuarded, loginPathFor, patternToRegExp, remembersDestination, splitLocale } from './guard';

describe('guard patterns', () => {
  it('matches a segment with * and any depth with **', () => {
    expect(patternToRegExp('/ai/chat/*').test('/ai/chat/paper-chat')).toBe(true);
    expect(patternToRegExp('/ai/chat/*').test('/ai/chat/a/b')).toBe(false);
    expect(patternToRegExp('/dashboard/**').test('/dashboard')).toBe(true);
    expect(patternToRegExp('/dashboard/**').test('/dashboard/')).toBe(true);
    expect(patternToRegExp('/dashboard/**').test('/dashboard/settings/billing')).toBe(true);
    expect(patternToRegExp('/dashboard/**').test('/dashboards')).toBe(false);
    expect(patternToRegExp('/docs/**/edit').test('/docs/a/b/edit')).toBe(true);
    expect(patternToRegExp('/a.b').test('/aXb')).toBe(false);
  });
});

describe('the default guard', () => {
  it.each(['/dashboard', '/dashboard/settings/billing', '/ai/chat/paper-chat', '/ai/completion/academic-polish', '/ai/research', '/admin', '/admin/users'])(
    'guards %s',
    (path) => {
      expect(isGuarded(path, authGuard)).toBe(true);
    },
  );

  it.each([
    '/',
    '/ai',
    '/pricing',
    '/auth/signin',
    '/auth/signup',
    '/admin/login',
    '/docs/getting-started',
    '/ai/research/x',
    '/dashboardx',
    '/ai/workflow/literature-review',
  ])('leaves %s open', (path) => {
    expect(isGuarded(path, authGuard)).toBe(false);
  });

  it('guards everything but the login, callback and excluded paths when there is no include list', () => {
    const config: AuthGuardConfig = { ...authGuard, include: [], exclude: ['/', '/pricing', '/blog/**'] };
    expect(isGuarded('/dashboard', config)).toBe(true);
    expect(isGuarded('/anything/else', config)).toBe(true);
    expect(isGuarded('/blog/a-post', config)).toBe(false);
    expect(isGuarded('/auth/signin', config)).toBe(false);
    expect(isGuarded('/api/auth/oauth/callback', config)).toBe(false);
  });

  it('never guards the login page, even when an include pattern covers it', () => {
    expect(isGuarded('/auth/signin', { ...authGuard, include: ['/**'] })).toBe(false);
  });
});

describe('paths and languages', () => {
  it('splits the language prefix', () => {
    expect(splitLocale('/zh/dashboard')).toEqual({ locale: 'zh', path: '/dashboard' });
    expect(splitLocale('/zh')).toEqual({ locale: 'zh', path: '/' });
    expect(splitLocale('/dashboard')).toEqual({ locale: 'en', path: '/dashboard' });
    expect(splitLocale('/zhx/dashboard')).toEqual({ locale: 'en', path: '/zhx/dashboard' });
    expect(splitLocale('/en/dashboard')).toEqual({ locale: 'en', path: '/en/dashboard' });
  });

  it('sends each language to its own login page', () => {
    expect(loginPathFor('en', authGuard)).toBe('/auth/signin');
    expect(loginPathFor('zh', authGuard)).toBe('/zh/auth/signin');
    expect(loginPathFor('en', authGuard, '/dashboard/settings')).toBe('/auth/signin');
    expect(loginPathFor('en', authGuard, '/admin')).toBe('/admin/login');
    expect(loginPathFor('zh', authGuard, '/admin/users/42')).toBe('/zh/admin/login');
    expect(isGuarded('/admin/login', authGuard)).toBe(false);
    expect(isGuarded('/admin/users', authGuard)).toBe(true);
  });

  it('knows the auth pages in both languages', () => {
    expect(isAuthPage('/auth/signin')).toBe(true);
    expect(isAuthPage('/zh/auth/signup')).toBe(true);
    expect(isAuthPage('/authors')).toBe(false);
  });
});

describe('the remembered destination', () => {
  it('is a document navigation, never a route fetched by the router (a prefetch of a link in view)', () => {
    expect(remembersDestination(new Headers({ 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate' }))).toBe(true);
    expect(remembersDestination(new Headers())).toBe(true);
    expect(remembersDestination(new Headers({ 'sec-fetch-dest': 'empty', 'sec-fetch-mode': 'cors' }))).toBe(false);
  });
});
