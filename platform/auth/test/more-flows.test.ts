// Resend, reauthentication, phone MFA factors and admin password resets.
import { eq } from '@citewise/db/orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../src/db/schema';
import { AUTH, STRONG, startAuth, uniqueEmail, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startAuth({
    AUTH_SMTP_MAX_FREQUENCY: '0',
    AUTH_SMS_MAX_FREQUENCY: '0',
    AUTH_MFA_PHONE_ENROLL_ENABLED: 'true',
    AUTH_MFA_PHONE_VERIFY_ENABLED: 'true',
    AUTH_SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION: 'true',
  });
});
afterAll(() => h.close());

async function confirmed() {
  const email = uniqueEmail('more');
  const client = h.client();
  await client.auth.signUp({ email, password: STRONG });
  await client.auth.verifyOtp({ email, token: (await h.lastMessage(email)).token, type: 'signup' });
  return { client, email };
}

describe('resend', () => {
  it('re-sends a pending confirmation with a new code, and says nothing for unknown or confirmed addresses', async () => {
    const email = uniqueEmail('resend');
    await h.client().auth.signUp({ email, password: STRONG });
    const first = await h.lastMessage(email);
    expect((await h.client().auth.resend({ type: 'signup', email })).error).toBeNull();
    const second = await h.lastMessage(email);
    expect(second.id).not.toBe(first.id);
    expect((await h.client().auth.verifyOtp({ email, token: first.token, type: 'signup' })).error?.code).toBe('otp_expired');
    expect((await h.client().auth.verifyOtp({ email, token: second.token, type: 'signup' })).error).toBeNull();

    const count = (await h.mailbox(email)).length;
    expect((await h.client().auth.resend({ type: 'signup', email })).error).toBeNull();
    expect(await h.mailbox(email)).toHaveLength(count);
    expect((await h.client().auth.resend({ type: 'signup', email: uniqueEmail('ghost') })).error).toBeNull();
    const bad = await h.fetch(`${AUTH}/resend`, {
      method: 'POST',
      body: JSON.stringify({ type: 'recovery', email }),
      headers: { 'x-supabase-api-version': '2024-01-01' },
    });
    expect((await bad.json()).code).toBe('validation_failed');
  });
});

describe('reauthentication', () => {
  it('is not needed in a fresh session, and the mailed code is accepted as nonce', async () => {
    const { client, email } = await confirmed();
    expect((await client.auth.reauthenticate()).error).toBeNull();
    const mail = await h.lastMessage(email);
    expect(mail.type).toBe('reauthentication');
    const { error } = await client.auth.updateUser({ password: 'brand-New-pass-9', nonce: mail.token });
    expect(error).toBeNull();
  });

  it('is asked for before the new password is compared with the old, so a stale session cannot test guesses', async () => {
    const { client } = await confirmed();
    const { data } = await client.auth.getSession();
    const sessionId = JSON.parse(atob(data.session!.access_token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))).session_id as string;
    await h.database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 2 * 24 * 3600 * 1000) })
      .where(eq(sessions.id, sessionId));
    // The current password and a wrong guess get the same answer.
    expect((await client.auth.updateUser({ password: STRONG })).error?.code).toBe('reauthentication_needed');
    expect((await client.auth.updateUser({ password: 'some-Guess-77' })).error?.code).toBe('reauthentication_needed');
  });
});

describe('phone factors', () => {
  it('enrol, receive a code by SMS and raise the session to aal2', async () => {
    const { client } = await confirmed();
    const phone = '+4915112345678';
    const { data: factor, error } = await client.auth.mfa.enroll({ factorType: 'phone', phone });
    expect(error).toBeNull();
    const { data: challenge } = await client.auth.mfa.challenge({ factorId: factor!.id });
    const sms = await h.lastMessage('4915112345678');
    expect(sms.type).toBe('mfa_phone');
    const verified = await client.auth.mfa.verify({ factorId: factor!.id, challengeId: challenge!.id, code: sms.token });
    expect(verified.error).toBeNull();
    const { data: level } = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level?.currentLevel).toBe('aal2');
  });
});

describe('admin password reset', () => {
  it('checks the policy and signs the user out everywhere', async () => {
    const { client } = await confirmed();
    const id = (await client.auth.getUser()).data.user!.id;
    const admin = h.admin().auth.admin;
    expect((await admin.updateUserById(id, { password: 'qwerty' })).error?.code).toBe('weak_password');
    expect((await admin.updateUserById(id, { password: 'admin-Set-pass-77' })).error).toBeNull();
    expect((await client.auth.getUser()).error?.name).toBe('AuthSessionMissingError');
  });
});
