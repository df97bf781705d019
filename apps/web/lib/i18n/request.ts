import { hasLocale } from 'next-intl';
import { getRequestConfig } from 'next-intl/server';
import { messagesFor } from '@/messages';
import { routing } from './routing';

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  return {
    locale,
    // Dates on the site are calendar days, so one fixed zone keeps server and browser in agreement.
    timeZone: 'UTC',
    messages: messagesFor(locale),
  };
});
