// No page of the product scrolls sideways on a 390 px phone (issue 35 item 6): every page route, signed out, signed
// in and as an admin, in both languages, with long Chinese titles without spaces in the user's data (a library paper,
// a note, a file, chat and Ask conversations). A failure names the element that sticks out. And the chat's question
// box, which sticks to the bottom of the window, never covers the answer's source cards, its Save button or the
// cost box: whatever is scrolled or tabbed to lands above it, on a phone and on a desktop.
import { expect, type Page } from '@playwright/test';
import { testPapers } from '../../test/fixtures/papers';
import { createConfirmedUser, enrollTotp, serviceSession } from '../support/accounts';
import { grantByCommand } from '../support/admin-command';
import { test } from '../support/fixtures';
import { sidewaysOverflow } from '../support/overflow';
import { AdminPage } from '../pages/admin';
import { AiChatPage } from '../pages/ai-chat';
import { ResearchPage } from '../pages/research';

const LONG = '基于深度学习与大规模预训练语言模型的中文学术文献自动综述生成方法及其在跨语言引文核查中的应用研究';
const LONG_TITLE = `${LONG}${LONG}`;
const PHONE = { width: 390, height: 844 };
const locales = ['en', 'zh'] as const;
const at = (locale: (typeof locales)[number], path: string) => (locale === 'zh' ? (path === '/' ? '/zh' : `/zh${path}`) : path);

/** Visits each path in both languages and answers the ones that scroll sideways, with the element to blame. */
async function walk(page: Page, paths: string[]): Promise<string[]> {
  const wide: string[] = [];
  for (const locale of locales) {
    for (const path of paths) {
      const response = await page.goto(at(locale, path));
      expect(response?.status(), path).toBeLessThan(500);
      // Lists and titles arrive after the load event (the long Chinese ones most of all): measure once they have.
      await page.waitForLoadState('networkidle');
      const overflow = await sidewaysOverflow(page);
      if (overflow) wide.push(`${at(locale, path)} (${new URL(page.url()).pathname}): ${overflow}`);
    }
  }
  return wide;
}

/** What covers the element's centre, or null when it shows itself there (inside the window). */
async function covering(page: Page, testId: string, nth: 'first' | 'last'): Promise<string | null> {
  return page.evaluate(
    ([id, which]) => {
      const all = document.querySelectorAll(`[data-testid="${id}"]`);
      const element = which === 'first' ? all[0] : all[all.length - 1];
      if (!element) return 'not on the page';
      const box = element.getBoundingClientRect();
      if (box.top < 0 || box.bottom > window.innerHeight)
        return `outside the window (${Math.round(box.top)}..${Math.round(box.bottom)} of ${window.innerHeight})`;
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (hit && element.contains(hit)) return null;
      const over = hit?.closest('[data-testid]');
      return `under ${hit?.tagName.toLowerCase()}${over ? ` in [data-testid="${over.getAttribute('data-testid')}"]` : ''} at y=${Math.round(box.top)}`;
    },
    [testId, nth] as const,
  );
}

test('signed out: no public or sign-in page scrolls sideways at 390 px', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  await page.goto('/blog');
  const post = await page.locator('main a[href*="/blog/"]').first().getAttribute('href');
  const paths = [
    '/',
    '/ai',
    '/ai/workflow/literature-review',
    '/scholar',
    '/blog',
    post!,
    '/changelog',
    '/docs/getting-started',
    '/pricing',
    '/legal/privacy',
    '/legal/terms',
  ];
  paths.push(
    '/auth/signin',
    '/auth/signup',
    '/auth/forgot-password',
    '/auth/reset-password',
    '/auth/mfa',
    '/auth/confirm',
    '/auth/error',
    '/auth/verify-success',
    '/auth/team-invite',
    '/admin/login',
    '/no-such-page',
  );
  expect(await walk(page, paths)).toEqual([]);
});

test('signed in, with long Chinese titles: no page scrolls sideways at 390 px, and the composer covers nothing', async ({ page, signedInUser }) => {
  void signedInUser;
  test.setTimeout(180_000);
  // The data: a paper, a note and a file with long titles, a chat conversation and an Ask conversation.
  const paper = { ...testPapers[2]!, id: `doi:10.1234/long-${Date.now()}`, doi: `10.1234/long-${Date.now()}`, title: LONG_TITLE };
  expect((await page.request.post('/api/library/papers', { data: { paper } })).ok()).toBe(true);
  const note = await page.request.post('/api/notes', { data: { title: LONG_TITLE, body: `${LONG_TITLE}\n\n${LONG}` } });
  expect(note.ok(), await note.text()).toBe(true);
  const noteId = ((await note.json()) as { note: { id: string } }).note.id;

  await page.setViewportSize(PHONE);
  await page.goto('/dashboard/demo/storage');
  await page.getByTestId('files-input').setInputFiles([{ name: `${LONG_TITLE}.txt`, mimeType: 'text/plain', buffer: Buffer.from(LONG) }]);
  await expect(page.getByTestId('files-upload').first()).toHaveAttribute('data-status', /done|failed/);

  const research = new ResearchPage(page);
  await research.goto('zh');
  await research.ask(`${LONG}？`);
  await expect(page).toHaveURL(/\/ai\/research\/ask\/[^/]+$/);
  const askPath = new URL(page.url()).pathname.replace(/^\/zh/, '');

  const chat = new AiChatPage(page);
  await chat.goto('cited-answer', 'zh');
  await chat.ask(`attention transformer ${LONG}`);
  await chat.settled();
  await chat.ask('attention transformer');
  await chat.settled();
  await expect(page).toHaveURL(/\/ai\/chat\/cited-answer\/[^/]+$/);
  const chatPath = new URL(page.url()).pathname.replace(/^\/zh/, '');

  // The question box covers neither the last answer's source cards and Save button nor the cost box, however they
  // are reached: scrolled to with their bottom edge at the window's (as Tab and the browser's "nearest" do) or focused.
  for (const viewport of [PHONE, { width: 1280, height: 720 }]) {
    await page.setViewportSize(viewport);
    for (const [id, nth] of [
      ['source-save', 'last'],
      ['source-card', 'last'],
      ['run-cost', 'first'],
    ] as const) {
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.evaluate(
        ([testId, which]) => {
          const all = document.querySelectorAll(`[data-testid="${testId}"]`);
          (which === 'first' ? all[0] : all[all.length - 1])?.scrollIntoView({ block: 'end' });
        },
        [id, nth] as const,
      );
      expect(await covering(page, id, nth), `${id} at ${viewport.width} px, scrolled to`).toBeNull();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.evaluate(() => window.scrollTo(0, 0));
    }
    // From the top of the page, as Tab would move there (focus() scrolls only when the focus moves).
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.getByTestId('source-save').last().focus();
    expect(await covering(page, 'source-save', 'last'), `Save at ${viewport.width} px, focused`).toBeNull();
  }

  await page.setViewportSize(PHONE);
  const paths = [
    '/dashboard',
    '/dashboard/library',
    '/dashboard/demo/notes',
    `/dashboard/demo/notes?note=${noteId}`,
    '/dashboard/demo/storage',
    '/dashboard/ai/demo',
    '/dashboard/ai/tokens',
    '/dashboard/checkout?plan=pro',
  ];
  paths.push(
    '/dashboard/settings',
    '/dashboard/settings/account',
    '/dashboard/settings/security',
    '/dashboard/settings/billing',
    '/dashboard/settings/data',
    '/dashboard/settings/team',
  );
  paths.push('/ai', '/ai/research', '/ai/research/ask', askPath, '/ai/research/check', '/ai/chat/paper-chat', '/ai/chat/cited-answer', chatPath);
  paths.push(
    '/ai/completion/academic-polish',
    '/ai/completion/abstract-writer',
    '/ai/completion/academic-translate',
    '/ai/workflow/literature-review',
    '/pricing',
    '/',
  );
  expect(await walk(page, paths)).toEqual([]);
});

test('as an admin: no admin page scrolls sideways at 390 px', async ({ page, request, user }) => {
  test.setTimeout(120_000);
  const code = await enrollTotp(request, await serviceSession(request, user));
  expect(grantByCommand(user.email)).toContain('is now an admin');
  // Someone with a long Chinese name for the lists and the account page.
  const other = await createConfirmedUser(request, { email: `zh.${Date.now()}.${'x'.repeat(40)}@example.com`, locale: 'zh' });
  await page.setViewportSize(PHONE);
  await page.goto('/admin/login');
  await new AdminPage(page).signIn(user.email, user.password, code);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`/admin/users?q=${encodeURIComponent(other.email)}`);
  const paths = ['/admin', '/admin/users', `/admin/users/${other.id}`, '/admin/audit'];
  expect(await walk(page, paths)).toEqual([]);
});
