// The chatflow (Plan, search, answer) without a model (the second e2e server): its steps still run, the plan is
// the question as written, and the answer is the cited evidence from the literature, labelled as such.
import { expect, test } from '../support/fixtures';
import { AiChatPage } from '../pages/ai-chat';

const TITLE = 'Neural Architecture Search by Learning a Hierarchical Search Space';

for (const locale of ['en', 'zh'] as const) {
  test(`${locale}: the steps run and the answer is cited evidence`, async ({ page, signedInUser }) => {
    void signedInUser;
    const chat = new AiChatPage(page);
    await chat.goto('cited-answer', locale);
    await chat.ask('neural architecture search hierarchical search space');
    const turn = await chat.settled();
    await expect(turn.getByTestId('chat-answer')).toContainText('Evidence from the literature');
    await expect(turn.getByTestId('source-card').filter({ hasText: TITLE })).toHaveCount(1);
    await expect(turn.getByTestId('chat-steps-summary')).toContainText(locale === 'en' ? 'Done · 6 steps' : '完成 · 6 个步骤');
    await turn.getByTestId('chat-steps').locator(':scope > summary').click();
    await expect(turn.getByTestId('wf-node')).toHaveCount(6);
    await expect(turn.locator('[data-testid="wf-node"][data-status="succeeded"]')).toHaveCount(6);
  });
}
