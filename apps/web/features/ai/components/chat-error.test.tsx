import { NextIntlClientProvider } from 'next-intl';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { aiErrorFromResponse } from '../client/dify-error';
import { ChatError } from './chat-error';
import { en, zh } from '@/messages';

vi.mock('@/lib/i18n/navigation', () => ({ Link: (props: { href: string; children: unknown }) => <a href={props.href}>{props.children as string}</a> }));

// The runtime's refusals of an attached file (platform/ai/src/files/document-text.ts), as it sends them.
const tooLarge = {
  code: 'document_too_large',
  message: 'The PDF thesis.pdf is too large to read (it has more than 300 pages without reaching the text limit); 300 pages read.',
  status: 400,
  file: 'thesis.pdf',
  pages_read: 300,
  reason: 'pages',
};
const unreadable = { code: 'document_unreadable', message: 'The PDF scan.pdf could not be read.', status: 400, file: 'scan.pdf' };

async function render(body: object, locale: 'en' | 'zh') {
  const error = await aiErrorFromResponse(Response.json(body, { status: 400 }));
  return renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={locale === 'zh' ? zh : en} timeZone="UTC">
      <ChatError error={error} onRetry={() => undefined} />
    </NextIntlClientProvider>,
  );
}

describe('a chat error about an attached file', () => {
  it('says in the reader’s language which PDF was too large and how far it was read, with no retry', async () => {
    const english = await render(tooLarge, 'en');
    expect(english).toContain('The PDF “thesis.pdf” is too large to read: 300 pages read.');
    expect(english).not.toContain('data-testid="retry"');
    const chinese = await render(tooLarge, 'zh');
    expect(chinese).toContain('PDF“thesis.pdf”过大，无法读取：已读取 300 页。');
    expect(chinese).not.toContain('is too large');
    expect(await render({ ...tooLarge, pages_read: 0 }, 'en')).toContain('not one page could be read');
    expect(await render({ ...tooLarge, pages_read: 1 }, 'en')).toContain(': 1 page read.');
  });

  it('names a PDF that could not be opened', async () => {
    expect(await render(unreadable, 'en')).toContain('“scan.pdf” could not be read as a PDF.');
    expect(await render(unreadable, 'zh')).toContain('无法将“scan.pdf”作为 PDF 读取。');
  });

  it('words a refused library choice in the reader’s language, with no retry', async () => {
    const refused = { code: 'library_paper_not_found', message: 'Library paper not found.', status: 404 };
    expect(await render(refused, 'en')).toContain('A chosen paper is no longer in your library.');
    const chinese = await render(refused, 'zh');
    expect(chinese).toContain('所选论文已不在你的文献库中。');
    expect(chinese).not.toContain('data-testid="retry"');
    expect(await render({ code: 'library_collection_too_large', message: 'x', status: 400, max_papers: 20 }, 'zh')).toContain('该分组超过 20 篇论文。');
  });

  it('keeps the server’s words for other errors', async () => {
    expect(await render({ code: 'invalid_param', message: 'Something specific.', status: 400 }, 'en')).toContain('Something specific.');
  });
});
