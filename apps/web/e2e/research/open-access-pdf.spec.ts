// A saved paper's open-access PDF attached in one click: the server fetches it through its URL guard (from a server
// this test runs on 127.0.0.1, which the e2e server is told to allow with REMOTE_FETCH_ALLOW_ADDRESSES), stores it in
// My files and attaches it; the button shows progress meanwhile and goes once the paper has its PDF, which then
// reads in the page. A link that gives a web page instead of a PDF is refused with a clear message. English light
// at 1280 px, Chinese dark at 390 px.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { testPapers } from '../../test/fixtures/papers';
import { PdfReader } from '../pages/pdf-reader';
import { expect, test } from '../support/fixtures';
import { sidewaysOverflow } from '../support/overflow';
import { makePdf } from '../support/pdf';

const cases = [
  {
    locale: 'en' as const,
    theme: 'light' as const,
    width: 1280,
    paper: testPapers[0]!,
    other: testPapers[1]!,
    text: 'Attention is all you need, page one',
    script: 'latin' as const,
    fetching: 'Fetching the open-access PDF…',
    notPdf: 'did not give a PDF',
  },
  {
    locale: 'zh' as const,
    theme: 'dark' as const,
    width: 390,
    paper: testPapers[2]!,
    other: testPapers[1]!,
    text: '中文分词方法第一页',
    script: 'chinese' as const,
    fetching: '正在获取开放获取 PDF…',
    notPdf: '返回的不是 PDF',
  },
];

/** Serves the PDF once `release` is called (so the progress can be seen), and a paywall's web page. */
async function pdfServer(pdf: Buffer) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked!: () => void;
  const requested = new Promise<void>((resolve) => (asked = resolve));
  const server = http.createServer((request, response) => {
    if (request.url === '/oa/paper.pdf') {
      asked();
      void released.then(() => response.writeHead(200, { 'content-type': 'application/pdf' }).end(pdf));
    } else if (request.url === '/oa/paywall') response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><p>Please sign in</p>');
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, release, requested, close: () => (server.closeAllConnections(), server.close()) };
}

for (const c of cases) {
  test(`${c.locale}: a saved paper's open-access PDF is attached in one click and read (${c.theme}, ${c.width} px)`, async ({ page, signedInUser }) => {
    void signedInUser;
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme: c.theme });
    await page.setViewportSize({ width: c.width, height: 844 });
    const source = await pdfServer(makePdf([c.text, 'Page two'], c.script));
    try {
      for (const [paper, link] of [
        [c.paper, `${source.origin}/oa/paper.pdf`],
        [c.other, `${source.origin}/oa/paywall`],
      ] as const) {
        expect((await page.request.post('/api/library/papers', { data: { paper: { ...paper, openAccessPdf: link } } })).status()).toBe(200);
      }
      const library = c.locale === 'zh' ? '/zh/dashboard/library' : '/dashboard/library';
      await page.goto(library);
      await page.getByTestId('entry-title').filter({ hasText: c.paper.title }).click();
      const panel = page.getByTestId('paper-panel');
      await expect(panel.getByTestId('paper-files-empty')).toBeVisible({ timeout: 30_000 });
      const attach = panel.getByTestId('paper-open-access-attach');
      await expect(panel.getByTestId('paper-open-access')).toContainText('127.0.0.1');
      expect(await sidewaysOverflow(page)).toBeNull();

      // One click: progress while the source answers, then the PDF is the paper's and in My files.
      await attach.click();
      await source.requested;
      await expect(attach).toBeDisabled();
      await expect(attach).toHaveText(c.fetching);
      source.release();
      const attached = panel.getByTestId('paper-file');
      await expect(attached).toHaveAttribute('data-name', `${c.paper.title}.pdf`);
      await expect(panel.getByTestId('paper-open-access')).toHaveCount(0);
      const files = await (await page.request.get('/api/files/pdfs?q=')).json();
      expect(files.files.map((file: { name: string }) => file.name)).toContain(`${c.paper.title}.pdf`);

      await attached.getByTestId('paper-file-read').click();
      const reader = new PdfReader(page);
      await expect(reader.dialog).toHaveAttribute('data-rendered-page', '1');
      await expect(reader.text(1)).toContainText(c.text);
      await page.keyboard.press('Escape');
      await expect(reader.dialog).toBeHidden();

      // A link that answers with a web page: refused, said in the page's language, nothing attached.
      await page.goto(library);
      await page.getByTestId('entry-title').filter({ hasText: c.other.title }).click();
      await expect(panel.getByTestId('paper-files-empty')).toBeVisible({ timeout: 30_000 });
      await panel.getByTestId('paper-open-access-attach').click();
      await expect(page.getByTestId('toast')).toContainText(c.notPdf);
      await expect(panel.getByTestId('paper-files-empty')).toBeVisible();
      await expect(panel.getByTestId('paper-open-access-attach')).toBeEnabled();
    } finally {
      source.close();
    }
  });
}
