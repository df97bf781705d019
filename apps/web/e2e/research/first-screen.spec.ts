// The first screen after a search is full of results: at 1280×800 at least five results are wholly visible under the
// search form, at 390×844 at least two, in English and in Chinese (with the "also searched" line, the longest summary
// row), and nothing a researcher triages by is hidden in them: title, authors, year, venue, citation count, PDF,
// the record's verdict (incomplete-record badge), Cite and Save. Measured on the elements' boxes.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { ResearchPage } from '../pages/research';

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

interface Measured {
  formBottom: number;
  viewport: { width: number; height: number };
  overflowX: number;
  /** Results wholly inside the viewport and under the form. */
  whole: Array<{
    title: string;
    box: Box;
    /** Every triage field the row has, with its box and whether its text is cut (overflowing its box). */
    fields: Array<{ name: string; box: Box; cut: boolean }>;
  }>;
}

/** Boxes of the form, of every result wholly on screen, and of each of its triage fields. */
function measure(page: Page): Promise<Measured> {
  return page.evaluate(() => {
    const box = (el: Element) => {
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    };
    const formBottom = document.querySelector('[data-testid="search-form"]')!.getBoundingClientRect().bottom;
    const rows = [...document.querySelectorAll('[data-testid="search-result"]')].filter((row) => {
      const r = row.getBoundingClientRect();
      return r.top >= formBottom && r.bottom <= window.innerHeight;
    });
    const fields = [
      'result-title',
      'result-authors',
      'result-year',
      'result-venue',
      'citation-count',
      'result-pdf',
      'record-incomplete',
      'result-cite',
      'save-paper',
    ];
    return {
      formBottom,
      viewport: { width: window.innerWidth, height: window.innerHeight },
      overflowX: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      whole: rows.map((row) => ({
        title: row.querySelector('[data-testid="result-title"]')!.textContent ?? '',
        box: box(row),
        fields: fields.flatMap((name) => {
          const el = row.querySelector(`[data-testid="${name}"]`) as HTMLElement | null;
          if (!el) return [];
          // The authors line may end in an ellipsis when the list is long (a sixth author is "et al." anyway).
          const cut = name !== 'result-authors' && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1);
          return [{ name, box: box(el), cut }];
        }),
      })),
    };
  });
}

function expectTriageFieldsShown(measured: Measured) {
  for (const row of measured.whole) {
    const names = row.fields.map((f) => f.name);
    // Every result shows its title, its authors (or that they are unknown), Cite and Save.
    expect(names, row.title).toEqual(expect.arrayContaining(['result-title', 'result-authors', 'result-cite', 'save-paper']));
    for (const field of row.fields) {
      expect(field.cut, `${row.title}: ${field.name} is cut`).toBe(false);
      expect(field.box.bottom - field.box.top, `${row.title}: ${field.name} has no height`).toBeGreaterThan(0);
      // Inside its row and on screen.
      expect(field.box.top, `${row.title}: ${field.name}`).toBeGreaterThanOrEqual(row.box.top - 1);
      expect(field.box.bottom, `${row.title}: ${field.name}`).toBeLessThanOrEqual(row.box.bottom + 1);
      expect(field.box.left, `${row.title}: ${field.name}`).toBeGreaterThanOrEqual(0);
      expect(field.box.right, `${row.title}: ${field.name}`).toBeLessThanOrEqual(measured.viewport.width + 1);
    }
  }
}

const cases = [
  { locale: 'en', query: 'graph neural networks', note: 'Also searched in Chinese:' },
  { locale: 'zh', query: '图神经网络', note: '同时检索英文：' },
] as const;

for (const { locale, query, note } of cases) {
  test(`${locale}: a search fills the first screen with results at 1280×800 and 390×844, every triage field shown`, async ({ page, signedInUser }) => {
    void signedInUser;
    const research = new ResearchPage(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await research.goto(locale);
    await research.search(query);
    await expect(page.getByTestId('translation-note')).toContainText(note);
    await expect(research.results.first()).toBeVisible();
    // Whatever had focus, the page is measured as it first shows: scrolled to the top.
    await page.evaluate(() => window.scrollTo(0, 0));

    const wide = await measure(page);
    expect(wide.whole.length, `wholly visible results at 1280×800 (form ends at ${wide.formBottom}px)`).toBeGreaterThanOrEqual(5);
    expectTriageFieldsShown(wide);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => window.scrollTo(0, 0));
    const narrow = await measure(page);
    expect(narrow.overflowX, 'no horizontal scroll at 390 px').toBeLessThanOrEqual(0);
    expect(narrow.whole.length, `wholly visible results at 390×844 (form ends at ${narrow.formBottom}px)`).toBeGreaterThanOrEqual(2);
    expectTriageFieldsShown(narrow);

    // The filters stay one tap away, and open under the box.
    await research.openFilters();
    await expect(page.getByTestId('year-from')).toBeVisible();
  });
}
