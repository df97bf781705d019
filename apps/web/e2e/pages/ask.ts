import { expect, type Locator, type Page } from '@playwright/test';

/** A conversation's id at the end of an address. */
export const CONVERSATION_URL = /\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** Ask on /ai/research/ask[/{conversationId}]: the question box, the thread of answers and the earlier questions. */
export class AskPage {
  readonly input: Locator;
  readonly turns: Locator;
  readonly history: Locator;
  readonly panel: Locator;

  constructor(readonly page: Page) {
    this.input = page.getByTestId('ask-input');
    this.turns = page.getByTestId('ask-turn');
    this.history = page.getByTestId('ask-history').getByTestId('conversation');
    this.panel = page.getByTestId('ask-paper-panel');
  }

  async goto(locale: 'en' | 'zh' = 'en', conversationId?: string) {
    await this.page.goto(`${locale === 'zh' ? '/zh' : ''}/ai/research/ask${conversationId ? `/${conversationId}` : ''}`);
    await expect(this.input).toBeVisible();
  }

  /** Sends a question (a follow-up when a conversation is open) and waits until its answer ends. */
  async ask(question: string, status: 'done' | 'stopped' | 'error' = 'done') {
    const before = await this.turns.count();
    await this.input.fill(question);
    await this.page.getByTestId('ask-submit').click();
    await expect(this.turns).toHaveCount(before + 1);
    await expect(this.turns.last()).toHaveAttribute('data-status', status, { timeout: 30_000 });
    return this.turns.last();
  }

  /** The open conversation's id, from the address. */
  conversationId(): string {
    return CONVERSATION_URL.exec(new URL(this.page.url()).pathname)?.[1] ?? '';
  }
}

/**
 * What an answer shows, read from the page: compared before and after a reload, it proves that nothing shown
 * was lost.
 */
export async function shownAnswer(turn: Locator) {
  const texts = (locator: Locator) => locator.evaluateAll((elements) => elements.map((e) => (e as HTMLElement).innerText.trim()));
  const attributes = (locator: Locator, name: string) => locator.evaluateAll((elements, n) => elements.map((e) => e.getAttribute(n)), name);
  return {
    question: await turn.getByTestId('ask-question').innerText(),
    answer: await turn.getByTestId('ask-answer-text').innerText(),
    markers: await turn.getByTestId('ask-marker').count(),
    struck: await texts(turn.getByTestId('flagged-reference')),
    flagged: await texts(turn.getByTestId('ask-flagged-item')),
    reasons: await attributes(turn.getByTestId('ask-flagged-item'), 'data-reason'),
    cited: await attributes(turn.getByTestId('ask-cited').getByTestId('ask-source'), 'data-paper'),
    uncited: await attributes(turn.getByTestId('ask-uncited').getByTestId('ask-source'), 'data-paper'),
    extractive: await turn.getByTestId('ask-extractive').count(),
    log: await texts(turn.getByTestId('ask-search-log').locator('summary')),
  };
}

/**
 * The elements of the page's main content that reach past the viewport's right edge (a page can hide such
 * overflow without scrolling sideways, so the document's width alone does not tell). Code blocks and tables
 * scroll on their own and are left out.
 */
export function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll('main *')]
      .filter((element) => !element.closest('pre, .overflow-x-auto, dialog:not([open])'))
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}[data-testid=${element.getAttribute('data-testid')}] ${(element.textContent ?? '').slice(0, 40)}`);
  });
}
