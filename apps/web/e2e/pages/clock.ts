import type { Page } from '@playwright/test';

/**
 * Takes over the page's timers and stops time, so durations are checked by moving the clock with
 * `page.clock.runFor`, never by waiting. Must run before the page loads.
 */
export async function pauseClock(page: Page) {
  const start = new Date('2026-11-22T09:00:00Z');
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1000));
}
