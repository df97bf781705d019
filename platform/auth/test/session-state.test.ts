// sessionState(): the check a host that verifies tokens itself makes (the product, the storage service), agreeing with
// what this service's own endpoints answer for the same token (GET /user: GoTrue's requireAuthentication).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AUTH, STRONG, startAuth, uniqueEmail, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startAuth({ AUTH_MAILER_AUTOCONFIRM: 'true' });
});
afterAll(() => h.close());

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string; session_id: string };

async function signedIn() {
  const email = uniqueEmail();
  const client = h.client();
  await client.auth.signUp({ email, password: STRONG });
  const { data } = await client.auth.signInWithPassword({ email, password: STRONG });
  const token = data.session!.access_token;
  return { client, token, ...claimsOf(token) };
}

/** What GET /user answers for the token: 200, or GoTrue's error code. */
async function userEndpoint(token: string) {
  const response = await h.fetch(`${AUTH}/user`, { headers: { authorization: `Bearer ${token}`, 'x-supabase-api-version': '2024-01-01' } });
  return response.status === 200 ? 'active' : ((await response.json()) as { code: string }).code;
}

async function expectBoth(token: string, expected: string) {
  const { sub, session_id } = claimsOf(token);
  expect(await h.service.sessionState(sub, session_id)).toBe(expected);
  expect(await userEndpoint(token)).toBe(expected);
}

it('is active for a live session, and session_not_found once it is signed out everywhere', async () => {
  const one = await signedIn();
  await expectBoth(one.token, 'active');
  const other = h.client();
  const { data } = await other.auth.signInWithPassword({ email: (await one.client.auth.getUser()).data.user!.email!, password: STRONG });
  await other.auth.signOut({ scope: 'global' });
  await expectBoth(one.token, 'session_not_found');
  await expectBoth(data.session!.access_token, 'session_not_found');
});

it('is user_banned while a ban lasts, and active again once it is lifted', async () => {
  const one = await signedIn();
  await h.admin().auth.admin.updateUserById(one.sub, { ban_duration: '1h' });
  await expectBoth(one.token, 'user_banned');
  await h.admin().auth.admin.updateUserById(one.sub, { ban_duration: 'none' });
  await expectBoth(one.token, 'active');
});

it('is user_not_found once the user is deleted, softly or not', async () => {
  const soft = await signedIn();
  await h.admin().auth.admin.deleteUser(soft.sub, true);
  await expectBoth(soft.token, 'user_not_found');
  const hard = await signedIn();
  await h.admin().auth.admin.deleteUser(hard.sub);
  await expectBoth(hard.token, 'user_not_found');
});

it("does not take another user's session for the token's, nor anything that is not an id", async () => {
  const one = await signedIn();
  const two = await signedIn();
  expect(await h.service.sessionState(one.sub, two.session_id)).toBe('session_not_found');
  expect(await h.service.sessionState(one.sub, 'not-a-uuid')).toBe('session_not_found');
  expect(await h.service.sessionState('not-a-uuid', one.session_id)).toBe('user_not_found');
  // No session in the token (or the nil one): only the user is checked, as GoTrue does.
  expect(await h.service.sessionState(one.sub, null)).toBe('active');
  expect(await h.service.sessionState(one.sub, '00000000-0000-0000-0000-000000000000')).toBe('active');
});
