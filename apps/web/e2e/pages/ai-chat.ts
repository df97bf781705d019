import { expect, type Locator, type Page } from '@playwright/test';

/** /ai/chat/{appid}: the conversation list, the thread and the question box. */
export class AiChatPage {
  readonly input: Locator;
  readonly turns: Locator;
  readonly conversations: Locator;
  readonly status: Locator;

  constructor(readonly page: Page) {
    this.input = page.getByTestId('chat-input');
    this.turns = page.getByTestId('chat-turn');
    this.conversations = page.getByTestId('conversation');
    this.status = page.getByTestId('chat-status');
  }

  async goto(appId: string, locale: 'en' | 'zh' = 'en') {
    await this.page.goto(`${locale === 'zh' ? '/zh' : ''}/ai/chat/${appId}`);
    await expect(this.page.getByTestId('conversation-list')).toBeVisible();
  }

  /** Types a question and sends it with Enter. */
  async ask(question: string) {
    await this.input.fill(question);
    await this.input.press('Enter');
  }

  lastTurn(): Locator {
    return this.turns.last();
  }

  /** Waits until the last answer is no longer streaming and answers its status. */
  async settled(status: 'done' | 'stopped' | 'error' = 'done') {
    await expect(this.lastTurn()).toHaveAttribute('data-status', status, { timeout: 30_000 });
    return this.lastTurn();
  }
}
