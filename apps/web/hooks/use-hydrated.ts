'use client';

import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => {};

/**
 * False in the server render and until React has taken over the page. Forms keep their submit button
 * disabled until then: a form submitted by the browser itself would put the password in the address bar.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
