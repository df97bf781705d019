// The Team plan end to end, in both languages: the owner buys Team with two seats in the test-mode checkout,
// invites a new address, is refused a third seat, and the invited person accepts through the link of the
// invitation mail (dev mailbox), gets the Team plan and adds a paper to the shared library the owner then sees.
import AxeBuilder from '@axe-core/playwright';
import { testPapers } from '../../test/fixtures/papers';
import { BillingPage } from '../pages/billing';
import { createConfirmedUser, latestMessage, signInThroughApi, uniqueEmail } from '../support/accounts';
import { expect, test } from '../support/fixtures';

const copy = {
  en: {
    team: 'Team',
    seats: (used: number, total: number) => `${used} of ${total} seats used`,
    full: /Every seat of your team is taken/,
    accept: 'Accept',
    member: /on this team/,
    seatsInUse: /fills more seats than that/,
  },
  zh: {
    team: '团队版',
    seats: (used: number, total: number) => `已用 ${used} / ${total} 个席位`,
    full: /席位已全部/,
    accept: '接受',
    member: /团队的成员/,
    seatsInUse: /占用的席位比这更多/,
  },
} as const;

for (const locale of ['en', 'zh'] as const) {
  const prefix = locale === 'zh' ? '/zh' : '';
  const text = copy[locale];

  test(`${locale}: owner buys Team, invites a member who accepts from the mail and shares a paper the owner sees`, async ({
    page,
    signedInUser,
    browser,
    baseURL,
  }) => {
    void signedInUser;
    test.setTimeout(150_000);
    const billing = new BillingPage(page, prefix);

    // The owner buys Team with two seats.
    await page.goto(`${prefix}/pricing`);
    await billing.openCheckout(page.getByTestId('plan-team').getByTestId('plan-cta'));
    await page.getByTestId('test-seats').fill('2');
    await expect(page.getByTestId('test-checkout-total')).toContainText(locale === 'zh' ? '236' : '40');
    await page.getByTestId('subscribe').click();
    await expect(page.getByTestId('checkout-success')).toBeVisible();
    await expect(billing.planName()).toContainText(text.team);

    // The team page: one of two seats taken by the owner; an invitation takes the second.
    await page.getByTestId('billing-team').click();
    await expect(page.getByTestId('team-seats')).toHaveText(text.seats(1, 2));
    const invited = uniqueEmail('invited');
    await page.getByTestId('team-invite-email').fill(invited);
    await page.getByTestId('team-invite-submit').click();
    await expect(page.getByTestId('team-notice')).toContainText(invited);
    await expect(page.getByTestId('team-seats')).toHaveText(text.seats(2, 2));
    await expect(page.getByTestId('team-pending-invitation')).toContainText(invited);
    // A full team refuses another invitation and says why.
    await page.getByTestId('team-invite-email').fill(uniqueEmail('extra'));
    await page.getByTestId('team-invite-submit').click();
    await expect(page.getByTestId('team-error')).toHaveText(text.full);
    expect((await new AxeBuilder({ page }).include('main').analyze()).violations).toEqual([]);

    // The invited person opens the mailed link in their own browser, lands on the team page and accepts.
    const mail = await latestMessage(page.request, invited, 'invite');
    const memberContext = await browser.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': `198.19.${Math.floor(Math.random() * 250) + 1}.7` } });
    const member = await memberContext.newPage();
    await member.goto(mail.link!);
    // A mailed link signs in only on the confirm page's click (login CSRF; features/auth/server/confirm-token.ts).
    await member.getByTestId('confirm-continue').click();
    await expect(member).toHaveURL(new RegExp(`${prefix}/dashboard/settings/team$`));
    await member.getByTestId('team-invitation-for-me').getByRole('button', { name: text.accept, exact: true }).click();
    await expect(member.getByTestId('team-overview')).toContainText(text.member);
    await expect(member.getByTestId('team-seats')).toHaveText(text.seats(2, 2));

    // The member has Team, through the team.
    const memberBilling = new BillingPage(member, prefix);
    await memberBilling.goto();
    await expect(memberBilling.planName()).toContainText(text.team);
    await expect(member.getByTestId('billing-through-team')).toBeVisible();

    // The member adds a paper of their own library to the shared library.
    const paper = testPapers[0]!;
    const saved = await member.request.post('/api/library/papers', { data: { paper }, headers: { origin: baseURL! } });
    expect(saved.status(), await saved.text()).toBe(200);
    await member.goto(`${prefix}/dashboard/settings/team`);
    await expect(member.getByTestId('team-library-empty')).toBeVisible();
    await member.getByTestId('team-library-select').selectOption(paper.id);
    await member.getByTestId('team-library-add').click();
    await expect(member.getByTestId('team-library-paper')).toContainText(paper.title);

    // The owner sees it, with who added it, and the member on the team.
    await page.reload();
    await expect(page.getByTestId('team-library-paper')).toContainText(paper.title);
    await expect(page.getByTestId('team-library-paper')).toContainText(invited);
    await expect(page.getByTestId('team-member')).toHaveCount(2);
    await memberContext.close();

    // More seats from the billing page; fewer than the team fills are refused, with the reason.
    await billing.goto();
    await page.getByTestId('change-plan').selectOption('team');
    await page.getByTestId('change-seats').fill('1');
    await page.getByTestId('change-preview').click();
    await expect(page.getByTestId('billing-error')).toHaveText(text.seatsInUse);
    await page.getByTestId('change-seats').fill('3');
    await page.getByTestId('change-preview').click();
    await expect(page.getByTestId('change-preview-result')).toBeVisible();
    await page.getByTestId('change-confirm').click();
    await expect(page.getByTestId('change-preview-result')).toHaveCount(0);
    await page.goto(`${prefix}/dashboard/settings/team`);
    await expect(page.getByTestId('team-seats')).toHaveText(text.seats(2, 3));
  });
}

test('an existing account finds the invitation on its team page and accepts it there', async ({ page, signedInUser, browser, baseURL }) => {
  void signedInUser;
  test.setTimeout(120_000);
  const billing = new BillingPage(page, '');
  await page.goto('/pricing');
  await billing.openCheckout(page.getByTestId('plan-team').getByTestId('plan-cta'));
  await page.getByTestId('test-seats').fill('3');
  await page.getByTestId('subscribe').click();
  await expect(billing.planName()).toContainText('Team');

  const colleague = await createConfirmedUser(page.request);
  await page.goto('/dashboard/settings/team');
  await page.getByTestId('team-invite-email').fill(colleague.email);
  await page.getByTestId('team-invite-submit').click();
  await expect(page.getByTestId('team-notice')).toHaveText(`${colleague.email} already has an account: the invitation is waiting on their team page.`);

  const memberContext = await browser.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': `198.19.${Math.floor(Math.random() * 250) + 1}.9` } });
  const member = await memberContext.newPage();
  await signInThroughApi(member, colleague);
  await member.goto('/dashboard/settings/team');
  await expect(member.getByTestId('team-none')).toBeVisible();
  await member.getByTestId('team-accept').click();
  await expect(member.getByTestId('team-seats')).toHaveText('2 of 3 seats used');
  expect((await new AxeBuilder({ page: member }).include('main').analyze()).violations).toEqual([]);

  // The owner removes the member: the seat is free again, and the member is back on Free.
  await page.reload();
  await page.getByTestId('team-member').filter({ hasText: colleague.email }).getByTestId('team-remove').click();
  await expect(page.getByTestId('team-seats')).toHaveText('1 of 3 seats used');
  await new BillingPage(member, '').goto();
  await expect(member.getByTestId('billing-plan-name')).toContainText('Free');
  await memberContext.close();
});

test('an invitation link that no longer works says so and offers to sign in', async ({ page }) => {
  await page.goto('/auth/team-invite#error=access_denied&error_code=otp_expired');
  await expect(page.getByTestId('team-invite-failed')).toContainText('This invitation link no longer works.');
  await expect(page.getByTestId('team-invite-failed').getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
  await page.goto('/zh/auth/team-invite');
  await expect(page.getByTestId('team-invite-failed')).toContainText('此邀请链接已失效。');
});
