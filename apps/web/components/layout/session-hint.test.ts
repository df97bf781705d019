import { describe, expect, it } from 'vitest';
import { sessionHint } from './session-hint';

const encode = (value: unknown) => `base64-${Buffer.from(JSON.stringify(value)).toString('base64url')}`;

describe('sessionHint', () => {
  it('finds no session without the cookie', () => {
    expect(sessionHint('')).toBeNull();
    expect(sessionHint('NEXT_LOCALE=zh; sb-127-auth-token-code-verifier=abc')).toBeNull();
  });

  it('reads the email from a whole or a chunked session cookie', () => {
    const value = encode({ access_token: 'x', user: { email: 'ada@example.com' } });
    expect(sessionHint(`NEXT_LOCALE=en; sb-localhost-auth-token=${value}`)).toEqual({ email: 'ada@example.com' });
    const [a, b] = [value.slice(0, 20), value.slice(20)];
    expect(sessionHint(`sb-citewise-auth-token.1=${b}; sb-citewise-auth-token.0=${a}`)).toEqual({ email: 'ada@example.com' });
  });

  it('shows a phone number with its plus, and survives a cookie it cannot read', () => {
    expect(sessionHint(`sb-x-auth-token=${encode({ user: { email: '', phone: '8613800138000' } })}`)).toEqual({ email: '+8613800138000' });
    expect(sessionHint('sb-x-auth-token=base64-!!!')).toEqual({ email: null });
  });
});
