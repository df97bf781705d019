import { expect, type Locator, type Page } from '@playwright/test';

/** /dashboard/demo/storage: My files — uploads, the list, and each row's actions. */
export class FilesPage {
  readonly rows: Locator;
  readonly uploads: Locator;
  readonly search: Locator;

  constructor(readonly page: Page) {
    this.rows = page.getByTestId('files-row');
    this.uploads = page.getByTestId('files-upload');
    this.search = page.getByTestId('files-search');
  }

  async goto(locale: 'en' | 'zh' = 'en') {
    await this.page.goto(locale === 'zh' ? '/zh/dashboard/demo/storage' : '/dashboard/demo/storage');
    await expect(this.page.getByTestId('files-usage')).toBeVisible();
  }

  row(name: string): Locator {
    return this.page.locator(`[data-testid="files-row"][data-name="${name}"]`);
  }

  /** Chooses files with the file picker. */
  async choose(files: { name: string; mimeType: string; buffer: Buffer }[]) {
    await this.page.getByTestId('files-input').setInputFiles(files);
  }

  /** Drops a file made in the page (any size, without sending its bytes through the test driver) on the drop zone. */
  async dropGenerated(name: string, type: string, size: number) {
    const transfer = await this.page.evaluateHandle(
      ([n, t, s]) => {
        const data = new DataTransfer();
        data.items.add(new File([new Uint8Array(s as number)], n as string, { type: t as string }));
        return data;
      },
      [name, type, size] as const,
    );
    await this.page.getByTestId('files-drop-zone').dispatchEvent('drop', { dataTransfer: transfer });
  }

  async rename(from: string, name: string, folder: string) {
    const row = this.row(from);
    await row.getByTestId('files-rename').click();
    await row.getByTestId('files-rename-name').fill(name);
    await row.getByTestId('files-rename-folder').fill(folder);
    await row.getByTestId('files-rename-name').press('Enter');
  }

  /** Reads a PDF in the page's viewer; resolves once its first page is drawn. */
  async preview(name: string): Promise<Locator> {
    await this.row(name).getByTestId('files-open').click();
    const viewer = this.page.getByTestId('pdf-viewer');
    // The first page of a PDF without embedded fonts waits for pdf.js's character maps: slow on a busy machine.
    await expect(viewer).toHaveAttribute('data-rendered-page', '1', { timeout: 30_000 });
    return viewer;
  }

  folder(name: string): Locator {
    return this.page.locator(`[data-testid="files-folder-row"][data-name="${name}"]`);
  }

  async createFolder(name: string) {
    await this.page.getByTestId('files-new-folder').click();
    await this.page.getByTestId('files-folder-name').fill(name);
    await this.page.getByTestId('files-folder-name').press('Enter');
    await expect(this.folder(name)).toBeVisible();
  }

  async remove(name: string) {
    const row = this.row(name);
    await row.getByTestId('files-delete').click();
    await row.getByTestId('files-confirm-delete').click();
    await expect(row).toHaveCount(0);
  }
}
