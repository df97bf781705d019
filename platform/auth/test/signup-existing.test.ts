// Signing up again with the address of a confirmed account: the same answer as for a new address (no account
// enumeration), and a mail to the owner saying someone tried, with sign-in and reset links (routes/signup.ts).
import { eq } from '@citewise/db/orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { SITE, STRONG, startAuth, uniqueEmail, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startAuth();
});
afterAll(() => h.close());

async function confirmedAccount(locale: 'en' | 'zh') {
  const email = uniqueEmail(`owner-${locale}`);
  await h.client().auth.signUp({ email, password: STRONG, options: { data: { locale } } });
  const mail = await h.lastMessage(email);
  const verified = await h.client().auth.verifyOtp({ email, token: mail.token, type: 'signup' });
  expect(verified.error).toBeNull();
  // As if the account was made a while ago: its sign-up mail's interval (AUTH_SMTP_MAX_FREQUENCY) is over.
  await h.database.db
    .update(users)
    .set({ confirmationSentAt: new Date(Date.now() - 120_000) })
    .where(eq(users.email, email));
  return email;
}

describe('sign-up with an address that has an account', () => {
  it('answers like a new sign-up and mails the owner sign-in and reset links, once per mail interval', async () => {
    const email = await confirmedAccount('en');
    const fresh = await h.client().auth.signUp({ email: uniqueEmail('fresh'), password: STRONG });
    const again = await h.client().auth.signUp({ email, password: 'another-Horse-8-battery' });
    expect(again.error).toBeNull();
    expect(again.data.session).toBeNull();
    expect(again.data.user?.email).toBe(email);
    expect(Object.keys(again.data.user!).sort()).toEqual(expect.arrayContaining(['id', 'email', 'confirmation_sent_at']));
    expect(fresh.data.session).toBeNull();

    const mail = await h.lastMessage(email);
    expect(mail.type).toBe('signup_existing');
    expect(mail.subject).toBe('Someone tried to sign up to Citewise with your address');
    expect(mail.text).toContain(`Sign in: ${SITE}/auth/signin`);
    expect(mail.text).toContain(`Reset my password: ${SITE}/auth/forgot-password`);
    expect(mail.text).not.toMatch(/\d{6}/);
    expect(mail.link).toBe(`${SITE}/auth/signin`);
    // The old password still signs in: nothing about the account changed.
    expect((await h.client().auth.signInWithPassword({ email, password: STRONG })).error).toBeNull();

    // Within the per-user mail interval another attempt answers the same and mails nothing.
    const count = (await h.mailbox(email)).length;
    const third = await h.client().auth.signUp({ email, password: STRONG });
    expect(third.error).toBeNull();
    expect((await h.mailbox(email)).length).toBe(count);
  });

  it('writes to the owner in their language, with links to the Chinese pages', async () => {
    const email = await confirmedAccount('zh');
    await h.client().auth.signUp({ email, password: STRONG });
    const mail = await h.lastMessage(email);
    expect(mail.type).toBe('signup_existing');
    expect(mail.subject).toBe('有人尝试用您的邮箱注册 Citewise');
    expect(mail.text).toContain(`登录: ${SITE}/zh/auth/signin`);
    expect(mail.text).toContain(`重置密码: ${SITE}/zh/auth/forgot-password`);
  });
});
