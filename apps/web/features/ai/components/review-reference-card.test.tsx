import type { Paper } from '@citewise/scholar';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { NextIntlClientProvider } from 'next-intl';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { ReviewReference } from '../workflow/review-outputs';
import { ReviewReferenceCard } from './review-reference-card';
import { en, zh } from '@/messages';

vi.mock('@/lib/i18n/navigation', () => ({ Link: (props: { href: string; children: unknown }) => <a href={props.href}>{props.children as string}</a> }));

const paper: Paper = {
  id: 'arXiv:1706.03762',
  title: 'Attention Is All You Need',
  abstract: 'x',
  authors: [{ given: 'Ashish', family: 'Vaswani' }],
  issued: { year: 2017 },
  container: 'NeurIPS',
  doi: '10.1/a',
  arxivId: '1706.03762',
  pmid: null,
  url: null,
  language: 'en',
  type: 'paper-conference',
  fields: [],
  keywords: [],
  source: 'arxiv',
};
const verified: ReviewReference = {
  position: 3,
  cited: true,
  paper,
  content: 'We propose the Transformer.',
  verdict: { status: 'verified', sources: ['local', 'openalex'], missing: [], filled: {}, checked_at: '2026-01-01T00:00:00Z' },
};
const partial: ReviewReference = {
  position: 4,
  cited: true,
  content: '',
  paper: { ...paper, id: 'csl:zh-1', title: '基于深度学习的中文分词', authors: [], issued: null, container: null, doi: null, arxivId: null, language: 'zh' },
  verdict: { status: 'partial', sources: ['local'], missing: ['authors', 'year', 'venue'], filled: {}, checked_at: '2026-01-01T00:00:00Z' },
};

const render = (reference: ReviewReference, locale: 'en' | 'zh' = 'en') =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <NextIntlClientProvider locale={locale} messages={locale === 'zh' ? zh : en} timeZone="UTC">
        <ol>
          <ReviewReferenceCard reference={reference} styles={[]} savedKnown={false} onOpen={() => undefined} />
        </ol>
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );

describe("a review's reference card", () => {
  it('has the anchor its marker links to, the record, a verdict naming its sources, links, Cite and Save', () => {
    const html = render(verified);
    expect(html).toContain('id="wf-ref-3"');
    expect(html).toContain('[3]');
    expect(html).toContain('Ashish Vaswani');
    expect(html).toContain(' · 2017');
    expect(html).toMatch(/data-status="verified"[^>]*>.*Verified against Local corpus and OpenAlex/);
    expect(html).not.toContain('wf-reference-explain');
    expect(html).toContain('href="https://doi.org/10.1/a"');
    expect(html).toContain('href="https://arxiv.org/abs/1706.03762"');
    expect(html).toContain('data-testid="wf-reference-cite"');
    expect(html).toContain('data-testid="save-paper"');
  });

  it('never calls a record without authors, year or venue verified, and says what could not be checked', () => {
    const html = render(partial);
    expect(html).toMatch(/data-status="partial"[^>]*>.*Partly verified: authors, year, and venue not found/);
    expect(html).toContain('The title was found in Local corpus; no record gave its authors, year, and venue, so they could not be checked.');
    expect(html).toContain('No authors in the record');
    expect(render(partial, 'zh')).toContain('部分核实：未找到作者、年份和出处');
  });

  it('marks fields filled from another source of the same work', () => {
    const filled: ReviewReference = { ...partial, verdict: { ...partial.verdict, status: 'verified', missing: [], filled: { year: 'openalex' } } };
    const html = render(filled);
    expect(html).toContain('year from OpenAlex');
    expect(html).toContain('the fields marked above come from another source');
  });
});
