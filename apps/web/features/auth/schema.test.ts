import { describe, expect, it } from 'vitest';
import { newPasswordSchema, phoneField, planChoiceSchema, sendPhoneCodeSchema, signInSchema, signUpSchema } from './schema';

const messages = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.success ? [] : result.error!.issues.map((issue) => `${issue.path.join('.') || '-'}:${issue.message}`);

describe('sign-in and sign-up input (docs/product.md §5)', () => {
  it('requires an email or a phone, plus a password, with one message for the form', () => {
    for (const input of [{}, { email: 'a@b.co' }, { phone: '+8613800138000' }, { password: 'x' }, { email: '', phone: '', password: '' }]) {
      expect(messages(signInSchema.safeParse(input))).toEqual(['-:credentials_required']);
      expect(messages(signUpSchema.safeParse(input))).toEqual(['-:credentials_required']);
    }
  });

  it('accepts an email and password, lower-casing and trimming the address', () => {
    expect(signInSchema.parse({ email: '  Ada@Example.COM ', password: 'secret' })).toEqual({ email: 'ada@example.com', password: 'secret' });
  });

  it('refuses both an email and a phone at once', () => {
    expect(messages(signInSchema.safeParse({ email: 'a@b.co', phone: '+8613800138000', password: 'x' }))).toEqual(['phone:email_or_phone']);
  });

  it('says which field is malformed', () => {
    expect(messages(signInSchema.safeParse({ email: 'nope', password: 'x' }))).toEqual(['email:email_invalid']);
    expect(messages(signUpSchema.safeParse({ phone: '0123', password: 'x' }))).toContain('phone:phone_invalid');
    expect(messages(signInSchema.safeParse({ email: 'a@b.co', password: 'é'.repeat(40) }))).toEqual(['password:password_too_long']);
  });

  it('normalises phone numbers to E.164', () => {
    expect(phoneField.parse('+86 138-0013 (8000)')).toBe('+8613800138000');
    expect(phoneField.parse('447911123456')).toBe('+447911123456');
    expect(phoneField.safeParse('+0123').success).toBe(false);
    // The right shape but no such number (libphonenumber-js): too short for its country, or a fiction-only range.
    expect(messages(sendPhoneCodeSchema.safeParse({ phone: '12' }))).toEqual(['phone:phone_invalid']);
    expect(phoneField.safeParse('+12').success).toBe(false);
    expect(phoneField.safeParse('+447700900123').success).toBe(false);
    expect(phoneField.safeParse('+1234567890123456').success).toBe(false);
  });

  it('reads the pricing page’s plan choice, with defaults for the rest', () => {
    expect(planChoiceSchema.parse({ plan: 'pro' })).toEqual({ plan: 'pro', interval: 'monthly', currency: 'usd' });
    expect(planChoiceSchema.safeParse({ plan: 'platinum' }).success).toBe(false);
  });

  it('wants the new password twice, the same', () => {
    expect(messages(newPasswordSchema.safeParse({ password: 'a-long-one', confirm: 'a-long-two' }))).toEqual(['confirm:passwords_differ']);
  });
});
