import { NextIntlClientProvider } from 'next-intl';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import messages from '@/messages/en.json';
import { formFields, InputsForm } from './inputs-form';

const render = (values: Record<string, string>) =>
  renderToStaticMarkup(
    <NextIntlClientProvider locale="en" messages={messages} timeZone="UTC">
      <InputsForm
        fields={formFields([{ select: { label: 'Answer language', variable: 'language', required: false, default: 'auto', options: ['auto', 'English', '中文'] } }])}
        values={values}
        locked={false}
        onChange={() => undefined}
      />
    </NextIntlClientProvider>,
  );

describe('the chat inputs form', () => {
  it('shows an unset select at the app’s default, with no empty choice', () => {
    const html = render({});
    expect(html).toContain('<option selected="">auto</option>');
    expect(html).not.toContain('<option value=""></option>');
  });

  it('shows what the reader chose', () => {
    expect(render({ language: 'English' })).toContain('<option selected="">English</option>');
  });
});
