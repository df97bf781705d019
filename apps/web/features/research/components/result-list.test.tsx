import type { FederatedHit, Paper } from '@citewise/scholar';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { NextIntlClientProvider } from 'next-intl';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { ResultList } from './result-list';
import { en, zh } from '@/messages';

vi.mock('@/lib/i18n/navigation', () => ({ Link: (props: { href: string; children: unknown }) => <a href={props.href}>{props.children as string}</a> }));

const base: Paper = {
  id: 'doi:10.1/x',
  title: 'Robust face recognition with the $\\ell_1$ regularization',
  abstract: 'An abstract.',
  authors: [{ given: 'Ada', family: 'Lovelace' }],
  issued: { year: 2020 },
  container: 'Pattern Recognition',
  doi: '10.1/x',
  arxivId: null,
  pmid: null,
  url: null,
  language: 'en',
  type: 'article-journal',
  fields: [],
  keywords: [],
  source: 'openalex',
};

function render(papers: Paper[], locale: 'en' | 'zh' = 'en') {
  const hits: FederatedHit[] = papers.map((paper) => ({ paper, sources: ['openalex'], score: 1 }) as unknown as FederatedHit);
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <NextIntlClientProvider locale={locale} messages={locale === 'zh' ? zh : en} timeZone="UTC">
        <ResultList
          hits={hits}
          matched={new Set()}
          offset={0}
          selected={new Map()}
          styles={[]}
          savedKnown={false}
          onToggle={() => undefined}
          onOpen={() => undefined}
        />
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
}

describe('a result row', () => {
  it('shows what people triage by: year, venue, citation count, and the open-access PDF, Cite and Save on the row', () => {
    const html = render([{ ...base, citationCount: 1234, openAccessPdf: 'https://example.org/x.pdf' }]);
    expect(html).toContain('· 2020');
    expect(html).toContain('· Pattern Recognition');
    expect(html).toMatch(/data-testid="citation-count">· 1,234 citations</);
    expect(html).toMatch(/href="https:\/\/example.org\/x.pdf"[^>]*data-testid="result-pdf"/);
    expect(html).toContain('data-testid="result-cite"');
    expect(html).toContain('data-testid="save-paper"');
    expect(render([{ ...base, citationCount: 1234 }], 'zh')).toContain('被引 1,234 次');
  });

  it('offers arXiv’s PDF for a preprint, and no PDF or count where no source gave one', () => {
    expect(render([{ ...base, arxivId: '2101.00001' }])).toContain('href="https://arxiv.org/pdf/2101.00001"');
    const html = render([base]);
    expect(html).not.toContain('result-pdf');
    expect(html).not.toContain('citation-count');
  });

  it('typesets LaTeX in the title instead of showing its source', () => {
    const title = /data-testid="result-title">(.*?)<\/button>/.exec(render([base]))![1]!;
    expect(title).toContain('class="katex"');
    expect(title).toMatch(/^Robust face recognition with the <span data-testid="math">/);
    expect(title).not.toContain('$');
  });
});
