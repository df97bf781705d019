'use client';

import { useSyncExternalStore } from 'react';
import { createToastStore } from './toast-store';

const store = createToastStore();
const noToasts: never[] = [];

export const toast = store.toast;

export function useToast() {
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, () => noToasts);
  return { toasts, toast: store.toast, dismiss: store.dismiss };
}
