import { createTranslator } from 'next-intl';
import type { Locale } from './routing';
import { en, zh } from '@/messages';

const catalogs = { en, zh } as const;

/**
 * Translations outside a page render (API responses, route handlers): the same message files, chosen by
 * the request's language rather than by the page.
 */
export function translator<N extends 'errors' | 'validation'>(locale: Locale, namespace: N) {
  return createTranslator({ locale, messages: catalogs[locale], namespace });
}
