import type { SearchChanges, SearchRecord } from '@citewise/scholar';
import { NextIntlClientProvider } from 'next-intl';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SearchLogSearch } from './search-log-search';
import { en, zh } from '@/messages';

const search: SearchRecord = {
  query: '糖酵解',
  options: { limit: 6, translate: 'auto', sort: 'relevance', sources: ['local', 'openalex'] },
  translation: {
    from: 'zh',
    to: 'en',
    engine: 'llm',
    terms: [],
    text: 'glycolysis',
    searched: ['glycolysis'],
    shown: [{ source: '糖酵解', target: 'glycolysis', via: 'model' }],
  },
  sources: [
    { source: 'local', state: 'ok', returned: 2, total: 2, took_ms: 12 },
    { source: 'openalex', state: 'timeout', returned: null, total: null, took_ms: 8000, message: 'no answer in 8000 ms' },
  ],
  results: [{ id: 'p1', title: 'Glycolysis in tumours', year: 2020, doi: null, sources: ['local'], score: 0.5 }],
  took_ms: 8010,
};

const changes: SearchChanges = {
  query: '糖酵解',
  added: [{ id: 'p9', title: 'A new glycolysis paper', year: 2026, rank: 1 }],
  dropped: [{ id: 'p2', title: 'An old one', year: null, rank: 2 }],
  moved: [{ id: 'p1', title: 'Glycolysis in tumours', year: 2020, from: 1, to: 2 }],
  same: 0,
  sources: [{ source: 'openalex', before: 'timeout', after: 'ok' }],
};

const render = (locale: 'en' | 'zh', withChanges: SearchChanges | null) =>
  renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={locale === 'zh' ? zh : en} timeZone="UTC">
      <ol>
        <SearchLogSearch search={search} n={1} changes={withChanges} />
      </ol>
    </NextIntlClientProvider>,
  );

describe('one search of a search log', () => {
  it('shows the query as sent, its options, the translation and each source', () => {
    const html = render('en', null);
    expect(html).toContain('Query 1:');
    expect(html).toContain('up to 6 results, by relevance · also searched in English: glycolysis (model translation)');
    expect(html).toContain('Local corpus</span>: 2 hits in 12 ms');
    expect(html).toContain('OpenAlex</span>: timed out — no answer in 8000 ms');
    expect(html).toContain('1 result');
    expect(html).toContain('aria-expanded="false"');
    expect(html).not.toContain('search-log-changes');
  });

  it('lists what a replay found differently: new, dropped and moved papers and sources in other states', () => {
    const html = render('en', changes);
    expect(html).toMatch(/data-testid="search-log-added".*\+1\. A new glycolysis paper \(2026\)/);
    expect(html).toMatch(/data-testid="search-log-dropped".*−2\. An old one/);
    expect(html).toMatch(/data-testid="search-log-moved".*1 → 2: Glycolysis in tumours/);
    expect(html).toContain('OpenAlex: timed out → answered');
    expect(html).toContain('No paper kept its rank.');
    const zhHtml = render('zh', changes);
    expect(zhHtml).toContain('新增');
    expect(zhHtml).toContain('同时以英文检索：glycolysis（模型翻译）');
    expect(zhHtml).toContain('OpenAlex：超时 → 有返回');
  });
});
