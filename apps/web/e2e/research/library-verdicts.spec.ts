// Imported references are checked too: an import reports how many entries are verified, differ, are not found or
// could not be checked, each library entry carries its verdict with its date and sources, and any entry can be
// checked again.
import { expect, test } from '../support/fixtures';
import { LibraryPage } from '../pages/research';

const INVENTED = 'Hyperdimensional gravitational tea brewing with quantum spoons';
const bibtex = `@misc{roshtkhari2025neural,
  title = {Neural Architecture Search by Learning a Hierarchical Search Space},
  author = {Roshtkhari, Mehraveh Javan and Toews, Matthew and Pedersoli, Marco},
  year = {2025},
  eprint = {2503.21061},
  archiveprefix = {arXiv}
}
@misc{zafari2019,
  title = {DeCompress: Denoising via Neural Compression},
  author = {Zafari, Ali and Chen, Xi and Jalali, Shirin},
  year = {2019},
  eprint = {2503.22015},
  archiveprefix = {arXiv}
}
@article{quuxley2031,
  title = {${INVENTED}},
  author = {Quuxley, Zed and Fenwhistle, Bo},
  journal = {Journal of Imaginary Results},
  year = {2031}
}
`;

const cases = [
  {
    locale: 'en' as const,
    report: '3 imported · 1 verified · 1 with differences · 0 not found · 1 could not be checked.',
    verified: 'Verified',
    mismatch: 'Differs from the record',
    differ: 'Differs in: year',
    unchecked: 'Could not be checked',
    rechecked: 'Checked: Could not be checked',
    foundIn: 'found in Local corpus',
  },
  {
    locale: 'zh' as const,
    report: '导入 3 篇 · 已核实 1 篇 · 信息不符 1 篇 · 未找到 0 篇 · 无法核查 1 篇。',
    verified: '已核实',
    mismatch: '与记录不符',
    differ: '不符之处：年份',
    unchecked: '无法核查',
    rechecked: '核查结果：无法核查',
    foundIn: '见于本地文献库',
  },
];

for (const c of cases) {
  test(`${c.locale}: an import reports its verdicts, each entry shows its badge, and an entry can be checked again`, async ({ page, signedInUser }) => {
    void signedInUser;
    const library = new LibraryPage(page);
    await library.goto(c.locale);
    await page.getByTestId('library-import').setInputFiles({ name: 'refs.bib', mimeType: 'application/x-bibtex', buffer: Buffer.from(bibtex) });
    await expect(page.getByTestId('import-report')).toHaveText(c.report);
    await expect(library.entries).toHaveCount(3);

    const entry = (text: string) => library.entries.filter({ hasText: text });
    await expect(entry('Neural Architecture Search').getByTestId('entry-verdict')).toHaveText(c.verified);
    await expect(entry('DeCompress').getByTestId('entry-verdict')).toHaveText(c.mismatch);
    await expect(entry('DeCompress').getByTestId('entry-differences')).toHaveText(c.differ);
    await expect(entry('DeCompress').getByTestId('entry-checked')).toContainText(c.foundIn);
    // Only the local corpus is switched on in this run: the invented paper is not called real, nor proven fake.
    const invented = entry(INVENTED);
    await expect(invented.getByTestId('entry-verdict')).toHaveAttribute('data-status', 'unchecked');
    await expect(invented.getByTestId('entry-verdict')).toHaveText(c.unchecked);

    const recheck = page.waitForResponse((response) => response.url().includes('/verify') && response.request().method() === 'POST');
    await invented.getByTestId('entry-recheck').click();
    expect((await recheck).status()).toBe(200);
    await expect(page.getByTestId('toast')).toContainText(c.rechecked);
    await page.reload();
    await expect(entry(INVENTED).getByTestId('entry-verdict')).toHaveAttribute('data-status', 'unchecked');
    await expect(entry('Neural Architecture Search').getByTestId('entry-verdict')).toHaveAttribute('data-status', 'verified');
  });
}
