// The AI tools offered in the directory, the dashboard's navigation and its home are exactly those whose pages
// exist: the routes are read from app/ on disk, so a tool without a page can never be offered again.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { aiAppHref, aiApps, aiKindsWithPages, availableAiApps } from './ai-apps';
import { dashboardNav } from './dashboard-nav';

const localeRoot = path.join(import.meta.dirname, '..', 'app', '[locale]');

function children(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

/** Directories at this level, seen through route groups `(name)`, which add no segment to the URL. */
function levels(dir: string): string[] {
  return [
    dir,
    ...children(dir)
      .filter((name) => /^\(.+\)$/.test(name))
      .flatMap((name) => levels(path.join(dir, name))),
  ];
}

/**
 * Whether a localised path has a page.tsx, as Next.js resolves it: a literal segment wins over a dynamic
 * `[param]`; catch-alls (`[...rest]`, the not-found page; docs) are left out, since they answer any path.
 */
function hasPage(href: string): boolean {
  let dirs = [localeRoot];
  for (const segment of href.split('/').filter(Boolean)) {
    const candidates = dirs.flatMap(levels);
    const literal = candidates.map((dir) => path.join(dir, segment)).filter((dir) => existsSync(dir));
    const dynamic = candidates.flatMap((dir) =>
      children(dir)
        .filter((name) => /^\[[^.[\]]+\]$/.test(name))
        .map((name) => path.join(dir, name)),
    );
    dirs = literal.length > 0 ? literal : dynamic;
    if (dirs.length === 0) return false;
  }
  return dirs.flatMap(levels).some((dir) => existsSync(path.join(dir, 'page.tsx')));
}

describe('AI tools and their pages', () => {
  it('reads routes as Next.js does (a check that can fail)', () => {
    expect(hasPage('/ai')).toBe(true);
    expect(hasPage('/dashboard/library')).toBe(true);
    expect(hasPage('/ai/no-such-kind/paper-chat')).toBe(false);
    expect(hasPage('/dashboard/no-such-page')).toBe(false);
  });

  it('offers every available app at a page that exists', () => {
    expect(availableAiApps().length).toBeGreaterThan(0);
    for (const app of availableAiApps()) expect(hasPage(aiAppHref(app)), aiAppHref(app)).toBe(true);
  });

  it('lists a kind as available exactly when its apps have pages', () => {
    for (const app of aiApps) expect(aiKindsWithPages.includes(app.kind), aiAppHref(app)).toBe(hasPage(aiAppHref(app)));
  });

  it('links the dashboard navigation only to pages that exist', () => {
    const hrefs = dashboardNav.flatMap((section) => section.items.map((item) => item.href));
    expect(hrefs).toContain('/dashboard/ai/tokens');
    for (const href of hrefs) expect(hasPage(href), href).toBe(true);
  });

  it('lists in the dashboard’s AI section exactly the available apps, the demo page and the usage page', () => {
    const ai = dashboardNav.find((section) => section.id === 'ai')!;
    expect(ai.items.map((item) => item.href)).toEqual([...availableAiApps().map(aiAppHref), '/dashboard/ai/demo', '/dashboard/ai/tokens']);
  });
});
