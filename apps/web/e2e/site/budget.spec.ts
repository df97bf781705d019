import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

const BUDGET_BYTES = 60 * 1024;

/** The framework's own scripts, which any page of the app loads, empty or not. */
function frameworkBaseline(): Set<string> {
  const manifest = JSON.parse(fs.readFileSync(path.join(process.cwd(), '.next', 'build-manifest.json'), 'utf8')) as {
    rootMainFiles: string[];
  };
  return new Set(manifest.rootMainFiles.map((file) => `/_next/${file}`));
}

for (const locale of ['en', 'zh'] as const) {
  test(`the ${locale} home page ships at most 60 KB of compressed JavaScript beyond the framework`, async ({ page }) => {
    const bodies = new Map<string, Promise<Buffer>>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (response.request().resourceType() === 'script' && url.pathname.startsWith('/_next/')) {
        bodies.set(url.pathname, response.body());
      }
    });
    await page.goto(locale === 'en' ? '/' : '/zh', { waitUntil: 'networkidle' });
    const scripts = new Map<string, Buffer>();
    for (const [file, body] of bodies) scripts.set(file, await body);
    const baseline = frameworkBaseline();
    let ours = 0;
    let framework = 0;
    for (const [file, body] of scripts) {
      const size = gzipSync(body, { level: 9 }).length;
      if (baseline.has(file)) framework += size;
      else ours += size;
    }
    console.log(`home (${locale}): ${(ours / 1024).toFixed(1)} KB gz of our JavaScript over ${(framework / 1024).toFixed(1)} KB gz of framework`);
    expect(framework).toBeGreaterThan(0);
    expect(ours).toBeLessThanOrEqual(BUDGET_BYTES);
  });
}

test('the home page does not shift its layout while loading', async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as { __cls: number }).__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput) (window as unknown as { __cls: number }).__cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBe(0);
});
