import { NextIntlClientProvider } from 'next-intl';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { settingsErrorCodes } from '@/features/settings/error-codes';
import { ApiError } from '@/lib/api/client';
import { useErrorMessage, type ExtraErrorCodes, type ShownError } from './use-error-message';
import { en, zh } from '@/messages';

/** What the one error hook makes of `error` on a page in `locale`, with a feature's `extra` codes. */
function shown(error: unknown, locale: 'en' | 'zh' = 'en', extra?: ExtraErrorCodes): ShownError {
  let result: ShownError | undefined;
  function Probe() {
    result = useErrorMessage(extra)(error);
    return null;
  }
  renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={locale === 'zh' ? zh : en} timeZone="UTC">
      <Probe />
    </NextIntlClientProvider>,
  );
  return result!;
}

describe('the one error hook', () => {
  it('reads an API refusal by its code, with the wait of a rate limit, in the page’s language', () => {
    expect(shown(new ApiError('rate_limited', 429, [], 7)).message).toBe(en.errors.rate_limited.replace(/\{seconds.*\}\./, '7 seconds.'));
    const chinese = shown(new ApiError('team_self_invite', 409), 'zh');
    expect(chinese).toMatchObject({ code: 'team_self_invite', message: zh.errors.team_self_invite, text: zh.errors.team_self_invite });
  });

  it('gives a list its one line: the field problem or the limit as the server wrote them, else the code', () => {
    const field = new ApiError('validation_failed', 400, [{ path: 'name', code: 'validation.too_long', message: 'The name is too long.' }]);
    expect(shown(field).text).toBe('The name is too long.');
    const detail = { feature: 'libraryPapers', limit: 100, used: 100, resets_on: null, upgrade_url: '/pricing' };
    const limit = new ApiError('plan_limit_reached', 429, [], undefined, detail, 'You have saved 100 of 100 papers.');
    expect(shown(limit)).toMatchObject({ message: en.errors.plan_limit_reached, text: 'You have saved 100 of 100 papers.' });
    // Anything that is not the API's answer is, for a list, our failure; for a form, it is read as an auth error.
    expect(shown(new TypeError('fetch failed'))).toMatchObject({ code: 'network_error', text: en.errors.internal_error });
  });

  it('explains a feature’s own codes in its words, and only where the feature asks', () => {
    const samePassword = { name: 'AuthApiError', status: 422, code: 'same_password', message: 'New password should be different' };
    expect(shown(samePassword, 'en', settingsErrorCodes).message).toBe(en.settings.errors.same_password);
    expect(shown(samePassword, 'zh', settingsErrorCodes).message).toBe(zh.settings.errors.same_password);
    expect(shown(samePassword).message).not.toBe(en.settings.errors.same_password);
  });
});
