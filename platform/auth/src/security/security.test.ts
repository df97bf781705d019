import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseGoDuration } from './duration';
import { isValidEmail, isValidPhone, normalizePhone } from './normalize';
import { generateOtp, generateRefreshToken, isWellFormedRefreshToken, tokenHash } from './otp';
import { checkPassword, exceedsBcryptLimit, parseRequiredCharacters } from './password-policy';
import { validatePkceParams, verifyPkce } from './pkce';
import { createLimiter, parseRate } from './rate-limit';
import { createTotpSecret, currentTotp, totpQrSvg, totpUri, verifyTotp } from './totp';

describe('password policy', () => {
  const policy = { minLength: 8, requiredCharacters: parseRequiredCharacters('abcdefghijklmnopqrstuvwxyz:0123456789'), rejectCommon: true };
  it('reports every reason that applies', () => {
    expect(checkPassword('Qw1', policy)).toMatchObject({ ok: false, reasons: ['length'] });
    expect(checkPassword('ALLUPPERCASE', policy)).toMatchObject({ ok: false, reasons: ['characters'] });
    expect(checkPassword('password1', policy)).toMatchObject({ ok: false, reasons: ['pwned'] });
    expect(checkPassword('tidal-grove-42', policy)).toEqual({ ok: true });
  });
  it('raises a minimum below 6 and parses escaped colons', () => {
    expect(checkPassword('a1b2c', { minLength: 2, requiredCharacters: [], rejectCommon: false })).toMatchObject({ reasons: ['length'] });
    expect(parseRequiredCharacters('ab\\:c:12')).toEqual(['ab:c', '12']);
    expect(exceedsBcryptLimit('é'.repeat(37))).toBe(true);
    expect(exceedsBcryptLimit('a'.repeat(72))).toBe(false);
  });
});

describe('one-time tokens', () => {
  it('generates digits and refresh tokens of the right shape', () => {
    expect(generateOtp(8)).toMatch(/^\d{8}$/);
    const token = generateRefreshToken();
    expect(isWellFormedRefreshToken(token)).toBe(true);
    expect(isWellFormedRefreshToken('ABCDEFGHIJKL')).toBe(false);
    expect(tokenHash('a@b.co', '123456')).toMatch(/^[0-9a-f]{56}$/);
  });
});

describe('PKCE', () => {
  const verifier = 'a'.repeat(64);
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  it('validates parameters and verifiers', () => {
    expect(validatePkceParams(undefined, undefined)).toEqual({ ok: true, value: null });
    expect(validatePkceParams(challenge, undefined).ok).toBe(false);
    expect(validatePkceParams('short', 's256').ok).toBe(false);
    expect(validatePkceParams(challenge, 'S256')).toEqual({ ok: true, value: { challenge, method: 's256' } });
    expect(verifyPkce(verifier, challenge, 's256')).toBe(true);
    expect(verifyPkce('b'.repeat(64), challenge, 's256')).toBe(false);
  });
});

describe('addresses and durations', () => {
  it('normalises phones and checks emails', () => {
    expect(normalizePhone('+1 (202) 555-0143')).toBe('12025550143');
    expect(isValidPhone('12025550143')).toBe(true);
    expect(isValidPhone('0555')).toBe(false);
    // The right shape, but no such number: too short for its country, or outside any numbering plan.
    expect(isValidPhone('12')).toBe(false);
    expect(isValidPhone('8612345')).toBe(false);
    expect(isValidPhone('15550109999')).toBe(false);
    expect(isValidEmail('ada@lovelace.example')).toBe(true);
    expect(isValidEmail('ada@lovelace')).toBe(false);
    expect(isValidEmail('a b@c.de')).toBe(false);
  });
  it('parses Go durations', () => {
    expect(parseGoDuration('1h30m')).toBe(5_400_000);
    expect(parseGoDuration('none')).toBeNull();
    expect(() => parseGoDuration('3 days')).toThrow();
  });
});

describe('rate limits', () => {
  it('reads GoTrue notation and limits per key', async () => {
    expect(parseRate('30/5m', { points: 1, durationSeconds: 1 })).toEqual({ points: 30, durationSeconds: 300 });
    expect(parseRate('30', { points: 1, durationSeconds: 1 })).toEqual({ points: 30, durationSeconds: 3600 });
    const limiter = createLimiter('test', { points: 2, durationSeconds: 60 });
    expect((await limiter.consume('a')).ok).toBe(true);
    expect((await limiter.consume('a')).ok).toBe(true);
    expect((await limiter.consume('a')).ok).toBe(false);
    expect((await limiter.consume('b')).ok).toBe(true);
  });
});

describe('TOTP', () => {
  it('accepts the current step and its neighbours, not older codes', async () => {
    const secret = createTotpSecret();
    const now = Date.UTC(2026, 0, 1, 12);
    expect(verifyTotp(secret, currentTotp(secret, now), now)).toBe(true);
    expect(verifyTotp(secret, currentTotp(secret, now - 30_000), now)).toBe(true);
    expect(verifyTotp(secret, currentTotp(secret, now - 120_000), now)).toBe(false);
    const uri = totpUri({ secret, issuer: 'citewise.example', accountName: 'ada@uni.example' });
    expect(uri).toMatch(/^otpauth:\/\/totp\/citewise\.example:ada%40uni\.example\?algorithm=SHA1&digits=6&issuer=citewise\.example&period=30&secret=/);
    expect((await totpQrSvg(uri)).startsWith('<svg')).toBe(true);
  });
});
