// A session that has ended writes nothing more, although its access token is still valid for up to an hour: after
// "sign out everywhere", a ban or the account's deletion, the old cookie's writes to notes, the library and the AI
// chat answer 401, the storage service refuses its token, and a dashboard page sends it to sign-in saying why.
import type { Page } from '@playwright/test';
import { testPapers } from '../../test/fixtures/papers';
import { accessTokenOf, revokeAllSessions, sessionCookies, type TestUser } from '../support/accounts';
import { serviceRoleKeyByCommand } from '../support/admin-command';
import { expect, test } from '../support/fixtures';
import { sessionCheckTtlMs } from '../support/session-check';

const STORAGE = '/platform/storage/v1';
let written = 0;

/** One write of each kind with the page's session cookie (storage with the token inside it); their statuses. */
async function writeEverywhere(page: Page, user: TestUser, token: string) {
  const n = written++;
  const note = await page.request.post('/api/notes', { data: { title: `Note ${n}`, body: 'Written with this session.' } });
  const paper = await page.request.post('/api/library/papers', { data: { paper: testPapers[n % testPapers.length] } });
  const ai = await page.request.post('/api/ai/dify/chat-messages?appid=paper-chat', {
    data: { query: 'Summarise it.', inputs: { paper: 'A short paper.' }, response_mode: 'blocking', auto_generate_name: false },
  });
  const stored = await page.request.post(`${STORAGE}/object/files/${user.id}/session-${n}.txt`, {
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
    data: 'Written with this session.',
  });
  return {
    notes: note.status(),
    library: paper.status(),
    ai: ai.status(),
    // Storage answers in its protocol (HTTP 400, the semantic status in the body), as for any refused token.
    storage: stored.ok() ? stored.status() : Number(((await stored.json()) as { statusCode: string }).statusCode),
  };
}

const allowed = { notes: 200, library: 200, ai: 200, storage: 200 };
const refused = { notes: 401, library: 401, ai: 401, storage: 403 };

/** The page's session: signed in, and every kind of write accepted once (which also fills the check's cache). */
async function writingSession(page: Page, user: TestUser) {
  const token = accessTokenOf(await page.context().cookies());
  expect(token).toBeTruthy();
  expect(await writeEverywhere(page, user, token!)).toEqual(allowed);
  return token!;
}

/** The answers of the session check kept from before the event expire within this time; no wait beyond it. */
const afterCachedAnswers = () => new Promise((resolve) => setTimeout(resolve, sessionCheckTtlMs + 50));

test('after "sign out everywhere" elsewhere, the old cookie writes nothing and the dashboard asks to sign in again', async ({ page, signedInUser }) => {
  const token = await writingSession(page, signedInUser);
  await revokeAllSessions(page.request, signedInUser);
  await afterCachedAnswers();
  expect(await writeEverywhere(page, signedInUser, token)).toEqual({ ...refused });
  expect((await page.request.get('/api/notes')).status()).toBe(401);

  await page.goto('/dashboard/library');
  await expect(page).toHaveURL(/\/auth\/signin\?reason=session_ended&redirect=%2Fdashboard%2Flibrary$/);
  await expect(page.getByTestId('sign-in-ended')).toHaveText(/Your session has ended/);
  // The dead session's cookie is gone: the sign-in page is not shown to someone it thinks signed in.
  expect(sessionCookies(await page.context().cookies())).toEqual([]);
});

test('a ban at the auth service reaches a token that is still valid, and the page says the account is suspended (zh)', async ({ page, signedInUser }) => {
  const token = await writingSession(page, signedInUser);
  const ban = await page.request.put(`/platform/auth/v1/admin/users/${signedInUser.id}`, {
    headers: { authorization: `Bearer ${serviceRoleKeyByCommand()}` },
    data: { ban_duration: '24h' },
  });
  expect(ban.status(), await ban.text()).toBe(200);
  await afterCachedAnswers();
  expect(await writeEverywhere(page, signedInUser, token)).toEqual(refused);

  // Before, a suspended account's live cookie made every dashboard page fail with 500.
  const response = await page.goto('/zh/dashboard');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/zh\/auth\/signin\?reason=account_suspended&redirect=%2Fzh%2Fdashboard$/);
  await expect(page.getByTestId('sign-in-ended')).toHaveText(/此账户已被停用/);
  expect(sessionCookies(await page.context().cookies())).toEqual([]);
});

test('once the account is deleted, its cookie is refused at once, everywhere', async ({ page, signedInUser }) => {
  const token = await writingSession(page, signedInUser);
  const deleted = await page.request.post('/api/user/delete-account', { data: { confirmation: signedInUser.email } });
  expect(deleted.status(), await deleted.text()).toBe(200);
  // The product deleted it itself, so every instance refuses the account's sessions without waiting for the cache.
  expect(await writeEverywhere(page, signedInUser, token)).toEqual(refused);

  await page.goto('/dashboard/settings');
  await expect(page).toHaveURL(/\/auth\/signin\?reason=account_deleted&redirect=%2Fdashboard%2Fsettings$/);
  await expect(page.getByTestId('sign-in-ended')).toHaveText(/This account has been deleted/);
});
