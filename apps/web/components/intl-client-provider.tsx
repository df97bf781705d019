'use client';

// The browser-side provider, importable from server components that must not ask the server for
// the request's language (see app/not-found.tsx).
export { NextIntlClientProvider as IntlClientProvider } from 'next-intl';
