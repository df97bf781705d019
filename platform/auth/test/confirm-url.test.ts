// AUTH_MAILER_CONFIRM_URL: mails of flows without PKCE link to the product's token-hash page; PKCE mails keep /verify.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH, STRONG, SITE, startAuth, uniqueEmail, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startAuth({ AUTH_MAILER_CONFIRM_URL: '/api/auth/confirm' });
});
afterAll(() => h.close());

async function confirmedUser() {
  const email = uniqueEmail();
  const supabase = h.client();
  await supabase.auth.signUp({ email, password: STRONG });
  const mail = await h.lastMessage(email);
  await supabase.auth.verifyOtp({ email, token: mail.token, type: 'signup' });
  return email;
}

describe('AUTH_MAILER_CONFIRM_URL', () => {
  it('links a recovery mail without PKCE to the confirm page with the token hash, which verifyOtp accepts once', async () => {
    const email = await confirmedUser();
    const { error } = await h.client({ flowType: 'implicit' }).auth.resetPasswordForEmail(email, { redirectTo: `${SITE}/auth/reset-password` });
    expect(error).toBeNull();
    const mail = await h.lastMessage(email);
    const link = new URL(mail.link!);
    expect(`${link.origin}${link.pathname}`).toBe(`${SITE}/api/auth/confirm`);
    expect(Object.fromEntries(link.searchParams)).toEqual({ token_hash: mail.token_hash, type: 'recovery', next: `${SITE}/auth/reset-password` });
    const supabase = h.client();
    const verified = await supabase.auth.verifyOtp({ token_hash: link.searchParams.get('token_hash')!, type: 'recovery' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email).toBe(email);
    expect((await supabase.auth.verifyOtp({ token_hash: link.searchParams.get('token_hash')!, type: 'recovery' })).error?.code).toBe('otp_expired');
  });

  it('keeps /verify for a PKCE flow (the browser that asked holds the verifier)', async () => {
    const email = await confirmedUser();
    await h.client({ flowType: 'pkce' }).auth.signInWithOtp({ email, options: { shouldCreateUser: false, emailRedirectTo: `${SITE}/api/auth/callback` } });
    const mail = await h.lastMessage(email);
    expect(mail.link).toContain(`${AUTH}/verify?token=pkce_`);
  });
});
