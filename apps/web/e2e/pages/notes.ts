import { expect, type Locator, type Page } from '@playwright/test';

/** /dashboard/demo/notes: the list, the editor with its preview, and the citation picker. */
export class NotesPage {
  readonly title: Locator;
  readonly body: Locator;
  readonly status: Locator;
  readonly preview: Locator;
  readonly items: Locator;

  constructor(readonly page: Page) {
    this.title = page.getByTestId('note-title');
    this.body = page.getByTestId('note-body');
    this.status = page.getByTestId('note-save-status');
    this.preview = page.getByTestId('note-preview');
    this.items = page.getByTestId('note-list-item');
  }

  async goto(locale: 'en' | 'zh' = 'en') {
    await this.page.goto(locale === 'zh' ? '/zh/dashboard/demo/notes' : '/dashboard/demo/notes');
    await expect(this.page.getByTestId('note-new')).toBeVisible();
  }

  async create() {
    await this.page.getByTestId('note-new').click();
    await expect(this.title).toBeVisible();
  }

  /** Cites the first library paper matching `search`, chosen with the keyboard. */
  async cite(search: string) {
    await this.page.getByTestId('note-cite').click();
    const field = this.page.getByTestId('citation-picker-search');
    await expect(this.page.getByTestId('citation-picker-paper').first()).toBeVisible();
    await field.fill(search);
    await field.press('Enter');
    await expect(this.page.getByTestId('citation-picker')).toBeHidden();
  }

  async saved() {
    await expect(this.status).toHaveAttribute('data-status', 'saved');
  }
}
