import { describe, expect, it } from 'vitest';
import { authErrorCode, retryAfterSeconds, weakPasswordReasons } from './auth-errors';
import { afterSignInPath } from '@/features/auth/redirects';

describe('auth service errors in the product’s words', () => {
  it.each([
    [{ code: 'invalid_credentials', status: 400 }, 'invalid_credentials'],
    [{ code: 'email_not_confirmed', status: 400 }, 'email_not_confirmed'],
    [{ code: 'over_email_send_rate_limit', status: 429 }, 'rate_limited'],
    [{ code: 'over_request_rate_limit', status: 429 }, 'rate_limited'],
    [{ code: 'otp_expired', status: 403 }, 'code_invalid'],
    [{ code: 'flow_state_expired', status: 422 }, 'link_expired'],
    [{ code: 'pkce_code_verifier_not_found', status: 400, name: 'AuthPKCECodeVerifierMissingError' }, 'link_other_device'],
    [{ name: 'AuthWeakPasswordError', code: 'weak_password', status: 422 }, 'weak_password'],
    [{ name: 'AuthSessionMissingError', status: 400 }, 'unauthorized'],
    [{ name: 'AuthRetryableFetchError', status: 0 }, 'network_error'],
    [{ name: 'AuthRetryableFetchError', status: 503 }, 'auth_unavailable'],
    [{ code: 'something_new', status: 500 }, 'auth_unavailable'],
    [{ code: 'something_new', status: 418 }, 'internal_error'],
  ])('%j → %s', (error, code) => {
    expect(authErrorCode(error)).toBe(code);
  });

  it('reads the wait from GoTrue’s message', () => {
    expect(retryAfterSeconds({ message: 'For security purposes, you can only request this after 53 seconds.' })).toBe(53);
    expect(retryAfterSeconds({ message: 'email rate limit exceeded' })).toBe(60);
  });

  it('keeps the weak_password reasons', () => {
    expect(weakPasswordReasons({ reasons: ['length', 'pwned', 3] })).toEqual(['length', 'pwned']);
    expect(weakPasswordReasons(null)).toEqual([]);
  });
});

describe('where sign-in leads', () => {
  it('prefers the redirect value, then the remembered page, then the dashboard in the page’s language', () => {
    expect(afterSignInPath('/dashboard?tab=plan', '/ai/research', 'en')).toBe('/dashboard?tab=plan');
    expect(afterSignInPath(null, '/zh/ai/research', 'zh')).toBe('/zh/ai/research');
    expect(afterSignInPath(null, null, 'zh')).toBe('/zh/dashboard');
  });

  it('never leaves the site and never returns to a sign-in page', () => {
    expect(afterSignInPath('//evil.example', '/ai/research', 'en')).toBe('/dashboard');
    expect(afterSignInPath(null, 'https://evil.example', 'zh')).toBe('/zh/dashboard');
    expect(afterSignInPath('/zh/auth/signin', null, 'zh')).toBe('/zh/dashboard');
  });
});
