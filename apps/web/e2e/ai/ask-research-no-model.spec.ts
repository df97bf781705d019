// "Ask" on /ai/research without a language model (the second test server has none; see playwright.config.ts), in both languages: the
// answer is the runtime's extractive evidence and the page says so; every [n] marker links to its source card;
// the run's search log is shown and exported as JSON; no serious accessibility violation.
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { ResearchPage } from '../pages/research';
import { expect, test } from '../support/fixtures';

for (const locale of ['en', 'zh'] as const) {
  test(`${locale}: asks the research assistant and links every citation to its source`, async ({ page, signedInUser }) => {
    void signedInUser;
    test.setTimeout(120_000);
    const question = locale === 'zh' ? '水运工程' : 'neural compression';
    const research = new ResearchPage(page);
    await research.goto(locale);
    const answer = await research.ask(question);

    await expect(answer.getByTestId('ask-extractive')).toContainText(locale === 'zh' ? '抽取式证据' : 'extractive evidence');
    const sources = answer.getByTestId('ask-source');
    const markers = answer.getByTestId('ask-marker');
    await expect(markers.first()).toBeVisible();
    const sourceIds = await sources.evaluateAll((cards) => cards.map((card) => card.id));
    const targets = await markers.evaluateAll((links) => links.map((link) => (link.getAttribute('href') ?? '').slice(1)));
    expect(targets.length).toBeGreaterThan(0);
    for (const target of targets) expect(sourceIds).toContain(target);

    await markers.first().click();
    await expect(page).toHaveURL(new RegExp(`#${targets[0]}$`));
    await expect(page.locator(`#${targets[0]}`)).toBeInViewport();

    const log = answer.getByTestId('ask-search-log');
    await log.locator('summary').click();
    await expect(log.getByTestId('ask-log-source').first()).toHaveAttribute('data-source', 'local');
    const [download] = await Promise.all([page.waitForEvent('download'), log.getByTestId('ask-log-export').click()]);
    const exported = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
      queries: string[];
      results: number;
      sources: Array<{ source: string; state: string }>;
    };
    expect(exported.queries).toEqual([question]);
    expect(exported.results).toBeGreaterThanOrEqual(await sources.count());
    expect(exported.sources).toEqual(expect.arrayContaining([expect.objectContaining({ source: 'local', state: 'ok' })]));

    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  });
}
