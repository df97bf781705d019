import { expect, type Locator, type Page } from '@playwright/test';

/** /dashboard/ai/tokens: the month's AI usage and quota. */
export class AiUsagePage {
  readonly report: Locator;
  readonly remaining: Locator;
  readonly empty: Locator;

  constructor(readonly page: Page) {
    this.report = page.getByTestId('usage-report');
    this.remaining = page.getByTestId('usage-remaining');
    this.empty = page.getByTestId('usage-empty');
  }

  async goto(locale: 'en' | 'zh' = 'en') {
    await this.page.goto(locale === 'zh' ? '/zh/dashboard/ai/tokens' : '/dashboard/ai/tokens');
    await expect(this.page.getByRole('heading', { level: 1 })).toHaveText(locale === 'zh' ? 'AI 用量' : 'AI usage');
  }

  appRow(appId: string): Locator {
    return this.page.locator(`[data-testid="usage-app-row"][data-app="${appId}"]`);
  }

  /**
   * One research question through the product's AI proxy with the page's own session cookies, read to its end
   * (the proxy writes the usage before it closes the stream).
   */
  async askResearchThroughProxy(query: string): Promise<void> {
    const response = await this.page.request.post('/api/ai/dify/chat-messages?appid=research', {
      data: { query, inputs: {}, response_mode: 'streaming', user: 'ignored-by-the-proxy' },
    });
    const body = await response.text();
    expect(response.status(), body).toBe(200);
    expect(body).toContain('"event":"message_end"');
  }

  /** One literature review run through the proxy, read to its end; answers the tokens its log reports. */
  async runReviewThroughProxy(topic: string): Promise<number> {
    const response = await this.page.request.post('/api/ai/dify/workflows/run?appid=literature-review', {
      data: { inputs: { topic }, response_mode: 'blocking', user: 'ignored-by-the-proxy' },
    });
    const body = (await response.json()) as { data: { status: string; total_tokens: number } };
    expect(response.status(), JSON.stringify(body)).toBe(200);
    expect(body.data.status).toBe('succeeded');
    return body.data.total_tokens;
  }
}
