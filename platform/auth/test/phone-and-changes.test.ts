// Phone sign-up and OTP sign-in by SMS, phone and email changes, anonymous users (docs/protocols/supabase-auth.md §3.3,
// §6.2, §6.3).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRONG, startAuth, uniqueEmail, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startAuth({ AUTH_EXTERNAL_ANONYMOUS_USERS_ENABLED: 'true' });
});
afterAll(() => h.close());

let n = 0;
/** A London number (020 7xxx xxxx, a range in use): any digits after the 7 make a valid number, whatever the clock says. */
const uniquePhone = () => `+44207${String(Date.now()).slice(-5)}${String(n++).padStart(2, '0')}`;

async function confirmedEmailUser() {
  const email = uniqueEmail('change');
  const client = h.client();
  await client.auth.signUp({ email, password: STRONG });
  await client.auth.verifyOtp({ email, token: (await h.lastMessage(email)).token, type: 'signup' });
  return { client, email };
}

describe('phone', () => {
  it('signs up with a phone and confirms with the SMS code', async () => {
    const phone = uniquePhone();
    const client = h.client();
    const { data, error } = await client.auth.signUp({ phone, password: STRONG });
    expect(error).toBeNull();
    expect(data.user?.phone).toBe(phone.slice(1));
    const sms = await h.lastMessage(phone.slice(1));
    expect(sms.channel).toBe('sms');
    expect(sms.text).toContain(sms.token);
    const verified = await client.auth.verifyOtp({ phone, token: sms.token, type: 'sms' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.phone_confirmed_at).toBeTruthy();
    expect((await h.client().auth.signInWithPassword({ phone, password: STRONG })).error).toBeNull();
  });

  it('signs in with a one-time SMS code', async () => {
    const phone = uniquePhone();
    const client = h.client();
    expect((await client.auth.signInWithOtp({ phone })).error).toBeNull();
    const sms = await h.lastMessage(phone.slice(1));
    const { data, error } = await client.auth.verifyOtp({ phone, token: sms.token, type: 'sms' });
    expect(error).toBeNull();
    expect(data.session?.user.phone).toBe(phone.slice(1));
    expect((await client.auth.verifyOtp({ phone, token: sms.token, type: 'sms' })).error?.code).toBe('otp_expired');
  });

  it('rejects malformed numbers', async () => {
    const { error } = await h.client().auth.signUp({ phone: '+0123', password: STRONG });
    expect(error?.code).toBe('validation_failed');
  });

  it('changes the phone after the code sent to the new number', async () => {
    const { client } = await confirmedEmailUser();
    const phone = uniquePhone();
    const { data } = await client.auth.updateUser({ phone });
    expect(data.user?.new_phone).toBe(phone.slice(1));
    const sms = await h.lastMessage(phone.slice(1));
    const { data: changed, error } = await client.auth.verifyOtp({ phone, token: sms.token, type: 'phone_change' });
    expect(error).toBeNull();
    expect(changed.user?.phone).toBe(phone.slice(1));
  });
});

describe('email change', () => {
  it('needs both the current and the new address to confirm', async () => {
    const { client, email } = await confirmedEmailUser();
    const next = uniqueEmail('next');
    const { data, error } = await client.auth.updateUser({ email: next });
    expect(error).toBeNull();
    expect(data.user?.new_email).toBe(next);
    const toCurrent = await h.lastMessage(email);
    const toNew = await h.lastMessage(next);
    expect(toCurrent.type).toBe('email_change_current');
    expect(toNew.type).toBe('email_change_new');

    const first = await client.auth.verifyOtp({ email, token: toCurrent.token, type: 'email_change' });
    expect(first.error).toBeNull();
    expect(first.data.session).toBeNull();
    const second = await client.auth.verifyOtp({ email: next, token: toNew.token, type: 'email_change' });
    expect(second.error).toBeNull();
    expect(second.data.user?.email).toBe(next);
    expect((await h.client().auth.signInWithPassword({ email: next, password: STRONG })).error).toBeNull();
  });

  it('refuses an address another account uses', async () => {
    const { client } = await confirmedEmailUser();
    const { email: taken } = await confirmedEmailUser();
    expect((await client.auth.updateUser({ email: taken })).error?.code).toBe('email_exists');
  });
});

describe('anonymous users', () => {
  it('signs in anonymously and becomes permanent after confirming an email', async () => {
    const client = h.client();
    const { data, error } = await client.auth.signInAnonymously();
    expect(error).toBeNull();
    expect(data.user?.is_anonymous).toBe(true);
    expect((await client.auth.mfa.enroll({ factorType: 'totp' })).error?.status).toBe(403);
    expect((await client.auth.updateUser({ password: STRONG })).error?.code).toBe('validation_failed');
    const email = uniqueEmail('anon');
    await client.auth.updateUser({ email });
    const mail = await h.lastMessage(email);
    const confirmed = await client.auth.verifyOtp({ email, token: mail.token, type: 'email_change' });
    expect(confirmed.error).toBeNull();
    expect(confirmed.data.user?.is_anonymous).toBe(false);
    expect(confirmed.data.user?.email).toBe(email);
  });
});
