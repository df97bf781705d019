'use client';

import { useEffect, useRef, type KeyboardEvent } from 'react';

/** Whether a key press belongs to a field being typed in (then j and k are letters, not commands). */
export const typingIn = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) &&
  !(target instanceof HTMLInputElement && target.type === 'checkbox');

/**
 * Moving through a list of items from the keyboard, as in mail and feed readers: j / k anywhere on the page (outside
 * fields and open dialogs) and ↓ / ↑ inside the list focus the next or previous item's main control. `row` selects
 * an item, `target` its control (a title button). Spread `onKeyDown` on the list and give it `ref`.
 */
export function useListKeys<T extends HTMLElement>({ row, target }: { row: string; target: string }) {
  const list = useRef<T>(null);

  function move(step: 1 | -1, from: EventTarget | null) {
    const targets = [...(list.current?.querySelectorAll<HTMLElement>(target) ?? [])];
    if (targets.length === 0) return;
    const item = from instanceof HTMLElement ? from.closest(row) : null;
    const current = item ? targets.findIndex((control) => item.contains(control)) : -1;
    const next = current === -1 ? (step === 1 ? 0 : targets.length - 1) : Math.min(targets.length - 1, Math.max(0, current + step));
    targets[next]!.focus();
    targets[next]!.scrollIntoView({ block: 'nearest' });
  }

  useEffect(() => {
    function onKey(event: globalThis.KeyboardEvent) {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || typingIn(event.target)) return;
      if (event.key !== 'j' && event.key !== 'k') return;
      if (document.querySelector('dialog[open]')) return;
      event.preventDefault();
      move(event.key === 'j' ? 1 : -1, document.activeElement);
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
    // `move` reads only refs and the two selectors, which a list does not change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function onKeyDown(event: KeyboardEvent<T>) {
    if (typingIn(event.target) || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return;
    event.preventDefault();
    move(event.key === 'ArrowDown' ? 1 : -1, event.target);
  }

  return { ref: list, onKeyDown };
}
