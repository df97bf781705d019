// Research notes: a note citing a library paper, rendered in the chosen style with its bibliography, saved as one
// types (also across a dropped connection) and still there after a reload; searchable; in both languages; no
// serious accessibility violation.
import AxeBuilder from '@axe-core/playwright';
import { testPapers } from '../../test/fixtures/papers';
import { NotesPage } from '../pages/notes';
import { expect, test } from '../support/fixtures';

const cases = [
  {
    locale: 'en' as const,
    title: 'Why attention',
    text: 'Transformers drop recurrence entirely ',
    citation: '(Vaswani et al., 2017)',
    references: 'References',
    saved: 'Saved',
    search: 'recurr',
  },
  {
    locale: 'zh' as const,
    title: '注意力机制笔记',
    text: '基于注意力机制的模型完全去掉了循环结构',
    citation: '[1]',
    references: '参考文献',
    saved: '已保存',
    search: '循环结构',
  },
];

for (const c of cases) {
  test(`${c.locale}: a note cites a library paper, shows it with a bibliography, and survives a reload`, async ({ page, signedInUser }) => {
    void signedInUser;
    // Axe on a page with a Markdown preview takes a while on a loaded 2-core runner, as in research/a11y.spec.ts.
    test.setTimeout(120_000);
    const saved = await page.request.post('/api/library/papers', { data: { paper: testPapers[0] } });
    expect(saved.status()).toBe(200);
    const notes = new NotesPage(page);
    await notes.goto(c.locale);
    await expect(page.getByTestId('note-list-empty')).toBeVisible();

    await notes.create();
    await notes.title.fill(c.title);
    await notes.body.fill(c.text);
    await notes.cite('attention');
    await expect(notes.body).toHaveValue(`${c.text}[@vaswani2017attention]`);
    await expect(notes.preview.getByTestId('note-citation')).toHaveText(c.citation);
    await expect(notes.preview.getByRole('heading', { name: c.references })).toBeVisible();
    await expect(notes.preview.getByTestId('note-bibliography-entry')).toHaveCount(1);
    await expect(notes.preview.getByTestId('note-bibliography-entry')).toContainText(/Attention is all you need/i);
    await expect(page.getByTestId('note-paper')).toContainText('Attention Is All You Need');
    await notes.saved();
    await expect(notes.status).toHaveText(c.saved);

    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(serious).toEqual([]);

    await page.reload();
    await expect(notes.title).toHaveValue(c.title);
    await expect(notes.body).toHaveValue(`${c.text}[@vaswani2017attention]`);
    await expect(notes.preview.getByTestId('note-citation')).toHaveText(c.citation);
    await expect(page.getByTestId('note-paper')).toHaveCount(1);

    await page.getByTestId('note-search').fill(c.search);
    await expect(notes.items).toHaveCount(1);
    await expect(notes.items.first()).toContainText(c.title);
    await page.getByTestId('note-search').fill('zzzqqq');
    await expect(page.getByTestId('note-list-empty')).toBeVisible();
  });
}

test('en: text typed while the connection is down is kept and saved when it returns', async ({ page, context, signedInUser }) => {
  void signedInUser;
  const notes = new NotesPage(page);
  await notes.goto('en');
  await notes.create();
  await notes.body.fill('Written online.');
  await notes.saved();
  await context.setOffline(true);
  await notes.body.fill('Written online. Written offline.');
  await expect(notes.status).toHaveAttribute('data-status', 'offline');
  await context.setOffline(false);
  await notes.saved();
  await page.reload();
  await expect(notes.body).toHaveValue('Written online. Written offline.');
});
