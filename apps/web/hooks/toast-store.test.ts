import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore, reduceToasts, TOAST_DURATION, TOAST_LIMIT, TOAST_REMOVE_DELAY } from './toast-store';

describe('toast store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('uses the constants of docs/product.md §9', () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
    expect(TOAST_DURATION).toEqual({ default: 5000, success: 2000, destructive: 5000 });
  });

  it('keeps only the newest toast', () => {
    const store = createToastStore();
    store.toast({ title: 'first' });
    const second = store.toast({ title: 'second', variant: 'success' });
    expect(store.getSnapshot()).toEqual([{ id: second.id, title: 'second', variant: 'success', open: true }]);
  });

  it('closes a dismissed toast and removes it after the removal delay', () => {
    const store = createToastStore();
    const listener = vi.fn();
    store.subscribe(listener);
    const { id, dismiss } = store.toast({ title: 'saved' });
    dismiss();
    expect(store.getSnapshot()).toEqual([{ id, title: 'saved', variant: 'default', open: false }]);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
    expect(store.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toEqual([]);
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('updates a toast in place', () => {
    const store = createToastStore();
    const handle = store.toast({ title: 'uploading' });
    handle.update({ title: 'uploaded', variant: 'success' });
    expect(store.getSnapshot()[0]).toMatchObject({ id: handle.id, title: 'uploaded', variant: 'success', open: true });
  });

  it('dismisses every toast when no id is given', () => {
    expect(
      reduceToasts(
        [
          { id: '1', open: true, variant: 'default' },
          { id: '2', open: true, variant: 'default' },
        ],
        { type: 'dismiss' },
      ).map((t) => t.open),
    ).toEqual([false, false]);
  });
});
