// The host's session check (StorageServiceOptions.sessionActive): a token still within its expiry whose session has
// ended (signed out everywhere, the user banned or deleted) writes and reads no private object, on every path that
// takes a user's token; public objects stay public.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { STORAGE, startStorage, type Harness } from './harness';

let h: Harness;
const asked: string[] = [];
beforeAll(async () => {
  h = await startStorage({}, (auth) => ({
    sessionActive: async (claims) => {
      asked.push(claims.sub);
      return (await auth.sessionState(claims.sub, typeof claims.session_id === 'string' ? claims.session_id : null)) === 'active';
    },
  }));
});
afterAll(() => h.close());

const txt = (text: string) => new Blob([text], { type: 'text/plain' });

it('refuses every call with the token of a session that was signed out everywhere', async () => {
  const user = await h.user();
  const files = user.client.storage.from('files');
  expect((await files.upload(`${user.id}/before.txt`, txt('kept'))).error).toBeNull();
  expect(asked).toContain(user.id);
  const token = user.token;
  await user.client.auth.signOut({ scope: 'global' });

  const as = { authorization: `Bearer ${token}` };
  const calls = [
    h.fetch(`${STORAGE}/object/files/${user.id}/after.txt`, { method: 'POST', headers: { ...as, 'content-type': 'text/plain' }, body: 'late' }),
    h.fetch(`${STORAGE}/object/files/${user.id}/before.txt`, { method: 'PUT', headers: { ...as, 'content-type': 'text/plain' }, body: 'late' }),
    h.fetch(`${STORAGE}/object/authenticated/files/${user.id}/before.txt`, { headers: as }),
    h.fetch(`${STORAGE}/object/list/files`, {
      method: 'POST',
      headers: { ...as, 'content-type': 'application/json' },
      body: JSON.stringify({ prefix: user.id }),
    }),
    h.fetch(`${STORAGE}/object/copy`, {
      method: 'POST',
      headers: { ...as, 'content-type': 'application/json' },
      body: JSON.stringify({ bucketId: 'files', sourceKey: `${user.id}/before.txt`, destinationKey: `${user.id}/copy.txt` }),
    }),
    h.fetch(`${STORAGE}/object/sign/files/${user.id}/before.txt`, {
      method: 'POST',
      headers: { ...as, 'content-type': 'application/json' },
      body: '{"expiresIn":60}',
    }),
    h.fetch(`${STORAGE}/object/files`, {
      method: 'DELETE',
      headers: { ...as, 'content-type': 'application/json' },
      body: JSON.stringify({ prefixes: [`${user.id}/before.txt`] }),
    }),
  ];
  for (const response of await Promise.all(calls)) {
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: '403', code: 'AccessDenied', message: expect.stringMatching(/^Session has ended/) });
  }
  // Nothing was written or removed meanwhile.
  const { data } = await h.admin().storage.from('files').list(user.id);
  expect(data?.map((object) => object.name)).toEqual(['before.txt']);
});

it('refuses a banned user, and lets them in again once the ban is lifted', async () => {
  const user = await h.user();
  await h.admin().auth.admin.updateUserById(user.id, { ban_duration: '1h' });
  const refused = await user.client.storage.from('files').upload(`${user.id}/banned.txt`, txt('no'));
  expect(refused.error?.message).toMatch(/^Session has ended/);
  await h.admin().auth.admin.updateUserById(user.id, { ban_duration: 'none' });
  expect((await user.client.storage.from('files').upload(`${user.id}/back.txt`, txt('yes'))).error).toBeNull();
});

it('serves public objects to an ended session as to anyone, and asks nothing for the anon and service keys', async () => {
  const user = await h.user();
  const avatar = new Blob([Buffer.from('89504e470d0a1a0a', 'hex')], { type: 'image/png' });
  expect((await user.client.storage.from('avatars').upload(`${user.id}/avatar.png`, avatar)).error).toBeNull();
  const token = user.token;
  await h.admin().auth.admin.deleteUser(user.id, true);
  const open = await h.fetch(`${STORAGE}/object/public/avatars/${user.id}/avatar.png`, { headers: { authorization: `Bearer ${token}` } });
  expect(open.status).toBe(200);
  asked.length = 0;
  expect((await h.admin().storage.from('files').list('')).error).toBeNull();
  expect((await h.anon().storage.from('avatars').list('')).error).toBeNull();
  expect(asked).toEqual([]);
});
