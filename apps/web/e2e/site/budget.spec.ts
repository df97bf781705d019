import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test, type APIRequestContext } from '@playwright/test';

const BUDGET_BYTES = 60 * 1024;

/**
 * How the budget is measured, so that it gives the same figure on every run and machine: the scripts a page
 * needs to become interactive are exactly the `<script src>` tags of its server-rendered HTML (the chunks of
 * its layouts, boundaries and page, which the browser must run to hydrate). Each is fetched from the server
 * and gzipped at level 9; the framework's own scripts (`rootMainFiles` and the `nomodule` polyfills of the
 * build manifest, which any page of the app loads, empty or not) are counted apart.
 *
 * Not counted: the chunks of routes that Next prefetches for links in the viewport once the page is idle.
 * They are not needed to use the page, and how many of them land before the network goes quiet depends on
 * the browser and the machine's speed, which made a `networkidle` measurement pass on one machine and fail on
 * another. Neither are chunks a component loads on demand (the toast region, the error screen).
 *
 * Only the public site's route group, `(marketing)`, has layouts and boundaries at its top; the other groups keep
 * theirs in their first segment (`dashboard/layout.tsx`, `auth/layout.tsx`, …). Next's client reference manifest
 * names each layout and boundary by its path with the route groups removed, so every file at the top of a group
 * under `app/[locale]` lands in one group that is merged into every page's manifest, and a client module several
 * of them reference (the site's providers, next-intl's client provider, the lazy error screen) is mapped to all
 * the chunks of whichever the build merged last: that is how every public page used to load the dashboard's and
 * the sign-in pages' layouts. The last test below keeps it from coming back.
 */
type Manifest = { rootMainFiles: string[]; polyfillFiles: string[] };

function frameworkFiles(): Set<string> {
  const manifest = JSON.parse(fs.readFileSync(path.join(process.cwd(), '.next', 'build-manifest.json'), 'utf8')) as Manifest;
  return new Set([...manifest.rootMainFiles, ...manifest.polyfillFiles].map((file) => `/_next/${file}`));
}

async function pageScripts(request: APIRequestContext, url: string): Promise<string[]> {
  const html = await (await request.get(url)).text();
  const sources = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((match) => new URL(match[1]!.replaceAll('&amp;', '&'), 'http://x').pathname);
  return [...new Set(sources)].filter((source) => source.startsWith('/_next/'));
}

async function gzippedSize(request: APIRequestContext, file: string): Promise<number> {
  const response = await request.get(file);
  expect(response.ok(), file).toBe(true);
  return gzipSync(await response.body(), { level: 9 }).length;
}

for (const locale of ['en', 'zh'] as const) {
  const url = locale === 'en' ? '/' : '/zh';

  test(`the ${locale} home page needs at most 60 KB of compressed JavaScript beyond the framework`, async ({ request }) => {
    const framework = frameworkFiles();
    let ours = 0;
    let frameworkBytes = 0;
    const lines: string[] = [];
    for (const file of await pageScripts(request, url)) {
      const size = await gzippedSize(request, file);
      if (framework.has(file)) frameworkBytes += size;
      else {
        ours += size;
        lines.push(`  ${(size / 1024).toFixed(1).padStart(6)} KB  ${decodeURIComponent(file)}`);
      }
    }
    console.log(
      `home (${locale}): ${(ours / 1024).toFixed(1)} KB gz of our JavaScript over ${(frameworkBytes / 1024).toFixed(1)} KB gz of framework\n${lines.join('\n')}`,
    );
    expect(frameworkBytes).toBeGreaterThan(0);
    expect(ours).toBeLessThanOrEqual(BUDGET_BYTES);
  });
}

test('public pages load no chunk of another route group', async ({ request }) => {
  for (const url of ['/', '/zh', '/pricing', '/docs/getting-started', '/blog']) {
    const foreign = (await pageScripts(request, url)).map(decodeURIComponent).filter((file) => /\/app\/\[locale\]\/\((?!marketing\))/.test(file));
    const own = url === '/pricing' ? foreign.filter((file) => !file.includes('/(static)/pricing/')) : foreign;
    expect(own, url).toEqual([]);
  }
});

test('public pages ship no class merger: their client components join classes with clsx', async ({ request }) => {
  // tailwind-merge is about 27 KB of script and costs a first call of tens of milliseconds on a phone; no class on
  // these pages needs merging. "isThemeGetter" is a property name of its class map that minification keeps.
  for (const url of ['/', '/zh', '/pricing', '/docs/getting-started', '/blog']) {
    for (const file of await pageScripts(request, url)) {
      const script = await (await request.get(file)).text();
      expect(script.includes('isThemeGetter'), `${url} loads tailwind-merge in ${decodeURIComponent(file)}`).toBe(false);
    }
  }
});

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
