import type { ReactNode } from 'react';

/** Only the newest toast is kept: a second one replaces the first. */
export const TOAST_LIMIT = 1;
/** A dismissed toast stays in the store (closed) this long before it is removed. */
export const TOAST_REMOVE_DELAY = 1_000_000;
export const TOAST_DURATION = { default: 5000, success: 2000, destructive: 5000 } as const;

export type ToastVariant = keyof typeof TOAST_DURATION;

/** A button inside the toast; `altText` tells screen-reader users how to do the same without it. */
export type ToastActionInput = { label: string; altText: string; onClick: () => void };

export type ToastInput = {
  title?: ReactNode;
  description?: ReactNode;
  action?: ToastActionInput;
  variant?: ToastVariant;
};

export type Toast = ToastInput & { id: string; open: boolean; variant: ToastVariant };

export type ToastAction =
  | { type: 'add'; toast: Toast }
  | { type: 'update'; id: string; toast: Partial<ToastInput> }
  | { type: 'dismiss'; id?: string }
  | { type: 'remove'; id?: string };

export function reduceToasts(toasts: Toast[], action: ToastAction): Toast[] {
  switch (action.type) {
    case 'add':
      return [action.toast, ...toasts].slice(0, TOAST_LIMIT);
    case 'update':
      return toasts.map((t) => (t.id === action.id ? { ...t, ...action.toast } : t));
    case 'dismiss':
      return toasts.map((t) => (action.id === undefined || t.id === action.id ? { ...t, open: false } : t));
    case 'remove':
      return action.id === undefined ? [] : toasts.filter((t) => t.id !== action.id);
  }
}

type Listener = (toasts: Toast[]) => void;

/** A small store shared by every component on the page; `toast()` can be called from anywhere. */
export function createToastStore(removeDelay = TOAST_REMOVE_DELAY) {
  let toasts: Toast[] = [];
  let counter = 0;
  const listeners = new Set<Listener>();
  const removals = new Map<string, ReturnType<typeof setTimeout>>();

  function dispatch(action: ToastAction) {
    toasts = reduceToasts(toasts, action);
    if (action.type === 'dismiss') {
      const ids = action.id === undefined ? toasts.map((t) => t.id) : [action.id];
      for (const id of ids) scheduleRemoval(id);
    }
    for (const listener of listeners) listener(toasts);
  }

  function scheduleRemoval(id: string) {
    if (removals.has(id)) return;
    removals.set(
      id,
      setTimeout(() => {
        removals.delete(id);
        dispatch({ type: 'remove', id });
      }, removeDelay),
    );
  }

  function toast(input: ToastInput) {
    counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
    const id = String(counter);
    dispatch({ type: 'add', toast: { ...input, id, open: true, variant: input.variant ?? 'default' } });
    return {
      id,
      dismiss: () => dispatch({ type: 'dismiss', id }),
      update: (next: Partial<ToastInput>) => dispatch({ type: 'update', id, toast: next }),
    };
  }

  return {
    toast,
    dismiss: (id?: string) => dispatch({ type: 'dismiss', id }),
    getSnapshot: () => toasts,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
