import { hasLocale } from 'next-intl';
import { setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { routing, type Locale } from './routing';

export type LocaleParams<T extends object = object> = { params: Promise<{ locale: string } & T> };

/**
 * The page's language from its params, registered for this render so that server components can
 * read translations while the page is prerendered.
 */
export async function pageLocale<T extends object>({ params }: LocaleParams<T>): Promise<Locale> {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  return locale;
}
