// Email sign-up, confirmation, sign-in, recovery and magic links through the real supabase-js client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH, STRONG, SITE, startAuth, uniqueEmail, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startAuth();
});
afterAll(() => h.close());

describe('email sign-up and confirmation', () => {
  it('signs up, mails a code and a link, and refuses password sign-in until confirmed', async () => {
    const supabase = h.client();
    const email = uniqueEmail();
    const { data, error } = await supabase.auth.signUp({ email, password: STRONG, options: { data: { full_name: 'Ada' } } });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.user_metadata.full_name).toBe('Ada');
    expect(data.user?.identities?.[0]?.provider).toBe('email');

    const mail = await h.lastMessage(email);
    expect(mail.type).toBe('signup');
    expect(mail.token).toMatch(/^\d{6}$/);
    expect(mail.text).toContain(mail.token);
    expect(mail.link).toContain(`${AUTH}/verify?token=`);

    const early = await supabase.auth.signInWithPassword({ email, password: STRONG });
    expect(early.error?.code).toBe('email_not_confirmed');

    const verified = await supabase.auth.verifyOtp({ email, token: mail.token, type: 'signup' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.email_confirmed_at).toBeTruthy();
    expect(verified.data.session?.user.user_metadata.email_verified).toBe(true);

    const again = await supabase.auth.verifyOtp({ email, token: mail.token, type: 'signup' });
    expect(again.error?.code).toBe('otp_expired');

    const signIn = await supabase.auth.signInWithPassword({ email, password: STRONG });
    expect(signIn.error).toBeNull();
    expect(signIn.data.session?.access_token).toBeTruthy();
    const { data: claims } = await supabase.auth.getClaims();
    expect(claims?.claims.email).toBe(email);
    expect(claims?.claims.aal).toBe('aal1');
    expect(claims?.claims.role).toBe('authenticated');
    expect(claims?.claims.amr?.[0]).toMatchObject({ method: 'password' });
  });

  it('confirms through the mailed link with a 303 carrying the session in the fragment', async () => {
    const email = uniqueEmail();
    await h.client().auth.signUp({ email, password: STRONG, options: { emailRedirectTo: `${SITE}/auth/verify-success` } });
    const mail = await h.lastMessage(email);
    const response = await h.fetch(mail.link!, { redirect: 'manual' });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(`${SITE}/auth/verify-success`);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('access_token')).toBeTruthy();
    expect(fragment.get('refresh_token')).toBeTruthy();
    expect(fragment.get('type')).toBe('signup');
    expect(fragment.has('sb')).toBe(true);

    const reused = await h.fetch(mail.link!, { redirect: 'manual' });
    const error = new URLSearchParams(new URL(reused.headers.get('location')!).hash.slice(1));
    expect(error.get('error_code')).toBe('otp_expired');
  });

  it('falls back to the site URL for a redirect to another origin', async () => {
    const email = uniqueEmail();
    await h.client().auth.signUp({ email, password: STRONG, options: { emailRedirectTo: 'https://evil.example/steal' } });
    const mail = await h.lastMessage(email);
    const response = await h.fetch(mail.link!, { redirect: 'manual' });
    expect(new URL(response.headers.get('location')!).origin).toBe(SITE);
  });

  it('does not reveal a confirmed address on sign-up, and does not send a second mail', async () => {
    const email = uniqueEmail();
    const supabase = h.client();
    await supabase.auth.signUp({ email, password: STRONG });
    const mail = await h.lastMessage(email);
    await supabase.auth.verifyOtp({ email, token: mail.token, type: 'email' });
    const second = await h.client().auth.signUp({ email, password: 'another-Passw0rd' });
    expect(second.error).toBeNull();
    expect(second.data.user?.identities).toEqual([]);
    expect(await h.mailbox(email)).toHaveLength(1);
  });

  it('rejects weak passwords with reasons', async () => {
    const { error } = await h.client().auth.signUp({ email: uniqueEmail(), password: 'password' });
    expect(error?.code).toBe('weak_password');
    expect(error?.name).toBe('AuthWeakPasswordError');
    expect((error as unknown as { reasons: string[] }).reasons).toContain('pwned');
    const short = await h.client().auth.signUp({ email: uniqueEmail(), password: 'aB3' });
    expect((short.error as unknown as { reasons: string[] }).reasons).toContain('length');
  });

  it('answers the same for an unknown account and a wrong password', async () => {
    const unknown = await h.client().auth.signInWithPassword({ email: uniqueEmail(), password: STRONG });
    expect(unknown.error?.code).toBe('invalid_credentials');
    expect(unknown.error?.message).toBe('Invalid login credentials');
  });
});

describe('recovery and magic links', () => {
  async function confirmedUser() {
    const email = uniqueEmail();
    const supabase = h.client();
    await supabase.auth.signUp({ email, password: STRONG });
    const mail = await h.lastMessage(email);
    await supabase.auth.verifyOtp({ email, token: mail.token, type: 'signup' });
    return email;
  }

  it('recovers a password by code and signs out the other sessions when it changes', async () => {
    const email = await confirmedUser();
    const other = h.client();
    await other.auth.signInWithPassword({ email, password: STRONG });

    const supabase = h.client();
    expect((await supabase.auth.resetPasswordForEmail(email)).error).toBeNull();
    const mail = await h.lastMessage(email);
    expect(mail.type).toBe('recovery');
    const { error } = await supabase.auth.verifyOtp({ email, token: mail.token, type: 'recovery' });
    expect(error).toBeNull();
    expect((await supabase.auth.updateUser({ password: 'new-Secret-42x' })).error).toBeNull();

    const stale = await other.auth.getUser();
    expect(stale.error?.name).toBe('AuthSessionMissingError');
    expect((await h.client().auth.signInWithPassword({ email, password: 'new-Secret-42x' })).error).toBeNull();
    const same = await supabase.auth.updateUser({ password: 'new-Secret-42x' });
    expect(same.error?.code).toBe('same_password');
  });

  it('answers recovery for an unknown address without sending anything', async () => {
    const email = uniqueEmail('ghost');
    expect((await h.client().auth.resetPasswordForEmail(email)).error).toBeNull();
    expect(await h.mailbox(email)).toEqual([]);
  });

  it('limits mails to one a minute per user', async () => {
    const email = await confirmedUser();
    await h.client().auth.resetPasswordForEmail(email);
    const second = await h.client().auth.resetPasswordForEmail(email);
    expect(second.error?.code).toBe('over_email_send_rate_limit');
    expect(second.error?.status).toBe(429);
  });

  it('signs in with a magic-link code, creating the account when allowed', async () => {
    const email = uniqueEmail('magic');
    const supabase = h.client();
    const refused = await supabase.auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
    expect(refused.error?.code).toBe('otp_disabled');
    expect((await supabase.auth.signInWithOtp({ email })).error).toBeNull();
    const mail = await h.lastMessage(email);
    const { data, error } = await supabase.auth.verifyOtp({ email, token: mail.token, type: 'email' });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
  });
});

describe('PKCE', () => {
  it('confirms a sign-up through ?code= and the code exchange', async () => {
    const storage = new Map<string, string>();
    const supabase = h.client({ flowType: 'pkce', storage });
    const email = uniqueEmail('pkce');
    await supabase.auth.signUp({ email, password: STRONG, options: { emailRedirectTo: `${SITE}/auth/callback` } });
    const mail = await h.lastMessage(email);
    expect(mail.link).toContain('token=pkce_');
    const response = await h.fetch(mail.link!, { redirect: 'manual' });
    expect(response.status).toBe(303);
    const code = new URL(response.headers.get('location')!).searchParams.get('code')!;
    expect(code).toBeTruthy();

    const { data, error } = await supabase.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(data.session?.user.email).toBe(email);
    const replay = await h.client({ flowType: 'pkce', storage: new Map([...storage]) }).auth.exchangeCodeForSession(code);
    expect(replay.error).not.toBeNull();
  });

  it('keeps the flow when the verifier is wrong', async () => {
    const supabase = h.client({ flowType: 'pkce' });
    const email = uniqueEmail('pkce');
    await supabase.auth.signUp({ email, password: STRONG });
    const mail = await h.lastMessage(email);
    const code = new URL((await h.fetch(mail.link!, { redirect: 'manual' })).headers.get('location')!).searchParams.get('code')!;
    const wrong = await h.fetch(`${AUTH}/token?grant_type=pkce`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(64) }),
    });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).code).toBe('bad_code_verifier');
    const right = await supabase.auth.exchangeCodeForSession(code);
    expect(right.error).toBeNull();
  });
});
