import { expect, type Locator, type Page } from '@playwright/test';

/** The in-page PDF reader (components/pdf/pdf-viewer.tsx): pages scrolled through, go to a page, find. */
export class PdfReader {
  readonly dialog: Locator;
  readonly pageNumber: Locator;
  readonly scroller: Locator;
  readonly findInput: Locator;
  readonly findCount: Locator;
  readonly currentMatch: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByTestId('pdf-viewer');
    this.pageNumber = this.dialog.getByTestId('pdf-viewer-page');
    this.scroller = this.dialog.getByRole('region');
    this.findInput = this.dialog.getByTestId('pdf-find-input');
    this.findCount = this.dialog.getByTestId('pdf-find-count');
    this.currentMatch = this.dialog.locator('mark.pdf-match[data-current]');
  }

  /** Page `n` as drawn (canvas and text layer), once it is near the view. */
  drawnPage(n: number): Locator {
    return this.dialog.locator(`[data-testid="pdf-page"][data-page="${n}"]`);
  }

  text(n: number): Locator {
    return this.drawnPage(n).getByTestId('pdf-text');
  }

  async goToPage(n: number) {
    await this.pageNumber.click();
    await this.dialog.getByTestId('pdf-viewer-goto').fill(String(n));
    await this.dialog.getByTestId('pdf-viewer-goto').press('Enter');
    await expect(this.dialog).toHaveAttribute('data-rendered-page', String(n));
  }

  /** Scrolls the pages to the very end, as a reader's wheel would. */
  async scrollToEnd() {
    await this.scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  }

  /** Ctrl+F inside the reader, then the query typed into find. */
  async find(query: string) {
    await this.scroller.focus();
    await this.page.keyboard.press('ControlOrMeta+f');
    await expect(this.findInput).toBeFocused();
    await this.findInput.fill(query);
  }
}
