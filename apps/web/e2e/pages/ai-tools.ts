import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/** /ai/completion/{appid} and /ai/workflow/{appid}: the inputs form, the run, its output and history. */
export class AiToolPage {
  readonly form: Locator;
  readonly run: Locator;
  readonly output: Locator;
  readonly error: Locator;
  readonly history: Locator;
  readonly nodes: Locator;
  readonly workflowOutput: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByTestId('ai-inputs-form');
    this.run = page.getByTestId('ai-run');
    this.output = page.getByTestId('ai-output');
    this.error = page.getByTestId('ai-error');
    this.history = page.getByTestId('ai-history-item');
    this.nodes = page.getByTestId('wf-node');
    this.workflowOutput = page.getByTestId('wf-output');
  }

  async goto(kind: 'completion' | 'workflow', appId: string, locale: 'en' | 'zh' = 'en') {
    await this.page.goto(`${locale === 'zh' ? '/zh' : ''}/ai/${kind}/${appId}`);
  }

  /** Waits for the inputs the runtime's /parameters describes. */
  async ready() {
    await expect(this.form).toBeVisible();
  }

  input(variable: string): Locator {
    return this.page.getByTestId(`ai-input-${variable}`);
  }

  /** Serious or critical axe findings (WCAG 2.1 A/AA and best practice), one line each. */
  async seriousViolations(label: string): Promise<string[]> {
    const results = await new AxeBuilder({ page: this.page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${label}: ${v.id} ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(', ')}`,
      );
  }
}
