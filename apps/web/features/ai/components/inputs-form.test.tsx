import { NextIntlClientProvider } from 'next-intl';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { formFields, InputsForm } from './inputs-form';
import { en, zh } from '@/messages';

const render = (values: Record<string, string>, locale: 'en' | 'zh' = 'en') =>
  renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={locale === 'zh' ? zh : en} timeZone="UTC">
      <InputsForm
        appId="research"
        fields={formFields([
          { select: { label: 'Answer language', variable: 'language', required: false, default: 'auto', options: ['auto', 'English', '中文'] } },
        ])}
        values={values}
        locked={false}
        onChange={() => undefined}
      />
    </NextIntlClientProvider>,
  );

describe('the chat inputs form', () => {
  it('shows an unset select at the app’s default, with no empty choice', () => {
    const html = render({});
    expect(html).toContain('<option value="auto" selected="">Automatic</option>');
    expect(html).not.toContain('<option value=""></option>');
  });

  it('shows what the reader chose', () => {
    expect(render({ language: 'English' })).toContain('<option value="English" selected="">English</option>');
  });

  it('speaks the page’s language, not the runtime’s English labels', () => {
    expect(render({}, 'zh')).toContain('回答语言');
    expect(render({}, 'zh')).toContain('<option value="auto" selected="">自动</option>');
    expect(render({}, 'zh')).not.toContain('Answer language');
  });
});
