// The Content-Security-Policy against the started server, in Chromium: every kind of page carries it, the pages
// rendered per request with a fresh nonce, the prerendered ones with their fixed hashes, and none of them, used
// as a person would (theme switch, chat with Markdown and KaTeX, checkout), makes the browser refuse anything.
import type { Page, Response } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { AiChatPage } from '../pages/ai-chat';

const REQUIRED = ["object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'", "form-action 'self'"];

/** Every CSP violation the page reports, from the DOM event and from the console. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__cspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __cspViolation(text: string): void }).__cspViolation(
        `${event.violatedDirective} ${event.blockedURI} ${document.location.pathname}`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

function policyOf(response: Response | null): string {
  const policy = response?.headers()['content-security-policy'];
  expect(policy, response?.url()).toBeTruthy();
  for (const directive of REQUIRED) expect(policy, response?.url()).toContain(directive);
  expect(policy).not.toContain('unsafe-eval');
  return policy!;
}

/** Opens a page, waits until React has hydrated it (the theme switch answers), and returns its policy. */
async function visit(page: Page, path: string): Promise<string> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(500);
  await page.waitForLoadState('networkidle');
  return policyOf(response);
}

test('prerendered pages keep one fixed policy without a nonce and run without a violation', async ({ page }) => {
  test.setTimeout(120_000);
  const violations = await watchViolations(page);
  for (const path of ['/', '/pricing', '/docs/getting-started', '/blog', '/auth/signin', '/zh', '/zh/docs/self-hosting/security', '/zh/auth/signup']) {
    const first = await visit(page, path);
    expect(first, path).not.toContain('nonce-');
    expect(first, path).toMatch(/script-src 'self'( 'sha256-[\w+/=]+')+;/);
    expect(await visit(page, path), `${path} twice`).toBe(first);
  }
  // The theme script ran under the policy: switching to dark reaches <html>, and survives a reload.
  await page.context().clearCookies({ name: 'NEXT_LOCALE' });
  await page.goto('/pricing');
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(violations).toEqual([]);
});

test('pages rendered per request get a fresh nonce with strict-dynamic and run without a violation', async ({ page, signedInUser }) => {
  void signedInUser;
  test.setTimeout(120_000);
  const violations = await watchViolations(page);
  const nonces = new Set<string>();
  for (const path of [
    '/dashboard',
    '/dashboard/settings',
    '/dashboard/library',
    '/ai/research',
    '/no-such-page',
    '/dashboard',
    '/zh/dashboard/settings/security',
  ]) {
    const policy = await visit(page, path);
    expect(policy, path).toContain("'strict-dynamic'");
    const nonce = /'nonce-([\w+/=]+)'/.exec(policy)?.[1];
    expect(nonce, path).toBeTruthy();
    nonces.add(nonce!);
    // Next put the nonce on its own scripts (the browser hides it from attributes but keeps the property).
    expect(await page.evaluate((value) => [...document.scripts].some((script) => script.nonce === value), nonce)).toBe(true);
  }
  expect(nonces.size).toBe(7);
  // Visiting a Chinese page remembered the language; the chat below is the English one.
  await page.context().clearCookies({ name: 'NEXT_LOCALE' });

  // A chat answer rendered from Markdown with KaTeX.
  const chat = new AiChatPage(page);
  await chat.goto('paper-chat');
  await page.getByLabel('Paper text or abstract').fill('A paper about attention.');
  await chat.ask('Show **bold** and $E = mc^2$');
  const answer = (await chat.settled()).getByTestId('chat-answer');
  await expect(answer.locator('strong')).toHaveText('bold');
  await expect(answer.locator('.katex').first()).toBeVisible();

  // The test-mode checkout from the pricing page.
  await page.goto('/pricing');
  await page.getByTestId('plan-pro').getByTestId('plan-cta').click();
  await expect(page.getByTestId('test-card')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});
