import { test as base, expect } from '@playwright/test';
import { createConfirmedUser, signInThroughApi, type TestUser } from './accounts';

export { expect };

/** An address from the TEST-NET ranges, different for each test. */
export function testAddress(): string {
  const byte = () => Math.floor(Math.random() * 254) + 1;
  return `198.18.${byte()}.${byte()}`;
}

/**
 * The tests' `test`:
 *
 * - every test comes from its own client address (X-Forwarded-For), so the per-address rate limits of the
 *   product and of the auth service count each test on its own, as they would count different people;
 * - `user` is a new account with a confirmed email, not signed in;
 * - `signedInUser` is such an account already signed in in the page's browser context:
 *
 *     import { expect, test } from '../support/fixtures';
 *     test('saves a paper', async ({ page, signedInUser }) => {
 *       await page.goto('/dashboard');
 *     });
 */
export const test = base.extend<{ user: TestUser; signedInUser: TestUser }>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, provide) => {
    await provide({ ...extraHTTPHeaders, 'x-forwarded-for': testAddress() });
  },
  user: async ({ request }, provide) => {
    await provide(await createConfirmedUser(request));
  },
  signedInUser: async ({ page, user }, provide) => {
    await signInThroughApi(page, user);
    await provide(user);
  },
});
