// The AI tools the public directory and the dashboard offer all open a working page, in both languages: the
// dashboard's AI section lists the same tools as the directory, plus the usage page.
import { expect, test } from '../support/fixtures';

for (const locale of ['en', 'zh'] as const) {
  const prefix = locale === 'zh' ? '/zh' : '';

  test(`${locale}: every AI tool offered in the directory and the dashboard opens`, async ({ page, signedInUser }) => {
    void signedInUser;
    test.setTimeout(120_000);
    await page.goto(`${prefix}/ai`);
    const directory = await page
      .getByTestId('ai-app')
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
    expect(directory.length).toBeGreaterThan(0);

    await page.goto(`${prefix}/dashboard`);
    const home = await page
      .getByTestId('dashboard-ai-app')
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
    expect(home).toEqual(directory);
    const nav = page.getByTestId('dashboard-nav').first();
    const navLinks = await nav.getByRole('link').evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
    expect(navLinks).toEqual(expect.arrayContaining([...directory, `${prefix}/dashboard/ai/tokens`]));

    for (const path of new Set([...directory, ...navLinks])) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
    }
  });
}
