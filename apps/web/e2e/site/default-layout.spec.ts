// The `default` layout (docs/product.md §2, issue 37): the signed-in AI tools (research, chat, writing tools) wear the
// app's top bar with the signed-in navigation and the account menu, no marketing footer, and are not indexed; the AI
// directory and the workflow page (open to visitors) keep the marketing header and footer. Both languages, and the
// same navigation in the menu on a phone.
import { expect, test } from '../support/fixtures';

const defaultPages = [
  '/ai/research',
  '/ai/research/ask',
  '/ai/research/check',
  '/ai/chat/paper-chat',
  '/ai/chat/cited-answer',
  '/ai/completion/academic-polish',
];
const marketingPages = ['/ai', '/ai/workflow/literature-review'];
const words = {
  en: { library: 'Library', overview: 'Overview', footer: 'Footer', openMenu: 'Open menu' },
  zh: { library: '文献库', overview: '概览', footer: '页脚', openMenu: '打开菜单' },
} as const;

for (const locale of ['en', 'zh'] as const) {
  const prefix = locale === 'zh' ? '/zh' : '';
  const w = words[locale];

  test(`${locale}: the signed-in AI tools have the app's navigation and no footer; /ai and the workflow keep the site's`, async ({ page, signedInUser }) => {
    void signedInUser;
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const path of defaultPages) {
      await page.goto(`${prefix}${path}`);
      const nav = page.getByTestId('app-nav');
      await expect(nav.getByRole('link', { name: w.library }), path).toHaveAttribute('href', `${prefix}/dashboard/library`);
      await expect(nav.getByRole('link', { name: w.overview }), path).toHaveAttribute('href', `${prefix}/dashboard`);
      await expect(page.getByTestId('user-menu'), path).toBeVisible();
      await expect(page.getByRole('contentinfo', { name: w.footer }), path).toHaveCount(0);
      await expect(page.locator('footer'), path).toHaveCount(0);
      await expect(page.locator('meta[name="robots"]'), path).toHaveAttribute('content', /noindex/);
      await expect(page.locator('#main h1'), path).toBeVisible();
    }
    for (const path of marketingPages) {
      await page.goto(`${prefix}${path}`);
      await expect(page.getByRole('contentinfo', { name: w.footer }), path).toBeVisible();
      await expect(page.getByTestId('app-nav'), path).toHaveCount(0);
      await expect(page.getByTestId('header-dashboard').first(), path).toBeVisible();
    }
  });

  test(`${locale}: on a phone the app's navigation is in the top bar's menu`, async ({ page, signedInUser }) => {
    void signedInUser;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${prefix}/ai/research`);
    await expect(page.getByTestId('app-nav')).toBeHidden();
    await expect(page.locator('footer')).toHaveCount(0);
    const toggle = page.getByRole('button', { name: w.openMenu });
    await toggle.click();
    const library = page.locator('#mobile-nav').getByRole('link', { name: w.library });
    await expect(library).toBeVisible();
    await library.click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/dashboard/library$`));
  });
}

test("an unknown tool or conversation is not found inside the app's top bar", async ({ page, signedInUser }) => {
  void signedInUser;
  for (const [path, headline] of [
    ['/ai/chat/no-such-app', /page does not exist/i],
    ['/zh/ai/completion/no-such-app', /页面不存在/],
    ['/ai/research/ask/00000000-0000-4000-8000-000000000000', /page does not exist/i],
  ] as const) {
    expect((await page.goto(path))?.status(), path).toBe(404);
    await expect(page.getByTestId('error-status'), path).toHaveText('404');
    await expect(page.getByTestId('error-headline'), path).toHaveText(headline);
    await expect(page.getByTestId('app-nav'), path).toBeVisible();
    await expect(page.locator('footer'), path).toHaveCount(0);
  }
});

test('a visitor is sent to sign in from the signed-in AI tools, and the workflow page stays open', async ({ page }) => {
  await page.goto('/ai/research');
  await expect(page).toHaveURL(/\/auth\/signin/);
  await page.goto('/zh/ai/workflow/literature-review');
  await expect(page.getByTestId('wf-signin')).toBeVisible();
  await expect(page.getByRole('contentinfo', { name: '页脚' })).toBeVisible();
});

test('the marketing pages under /ai load no chunk of the default layout', async ({ request }) => {
  for (const url of ['/ai', '/zh/ai', '/ai/workflow/literature-review']) {
    const html = await (await request.get(url)).text();
    const scripts = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((match) => decodeURIComponent(match[1]!));
    expect(scripts.length, url).toBeGreaterThan(0);
    expect(
      scripts.filter((file) => file.includes('/(default)/')),
      url,
    ).toEqual([]);
  }
});
