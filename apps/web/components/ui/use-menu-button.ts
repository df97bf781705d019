'use client';

import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

/**
 * The WAI-ARIA menu-button pattern without a menu library (the public pages carry the theme menu, and a
 * positioning engine would weigh more than their own code): the button opens on click or ArrowDown; the
 * first item takes focus; arrows, Home and End move; Escape closes back to the button, Tab and a pointer
 * outside close. Spread `buttonProps` on the button and `menuProps` on the `role="menu"` element, and give
 * each item `itemRef(index)` and `tabIndex={-1}`.
 */
export function useMenuButton() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const items = useRef<(HTMLElement | null)[]>([]);

  useEffect(() => {
    if (!open) return;
    items.current.find(Boolean)?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  function close(refocus = true) {
    setOpen(false);
    if (refocus) root.current?.querySelector<HTMLElement>('[aria-haspopup]')?.focus();
  }

  function onMenuKey(event: KeyboardEvent) {
    const list = items.current.filter((item): item is HTMLElement => Boolean(item));
    const index = list.findIndex((item) => item === document.activeElement);
    const move = (to: number) => list[(to + list.length) % list.length]?.focus();
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(list.length - 1);
    else if (event.key === 'Escape' || event.key === 'Tab') return close(event.key === 'Escape');
    else return;
    event.preventDefault();
  }

  return {
    open,
    close,
    root,
    itemRef: (index: number) => (element: HTMLElement | null) => {
      items.current[index] = element;
    },
    buttonProps: {
      'aria-haspopup': 'menu' as const,
      'aria-expanded': open,
      'aria-controls': open ? menuId : undefined,
      onClick: () => setOpen((value) => !value),
      onKeyDown: (event: KeyboardEvent) => {
        if (event.key === 'ArrowDown') {
          event.preventDefault();
          setOpen(true);
        }
      },
    },
    menuProps: { id: menuId, role: 'menu' as const, onKeyDown: onMenuKey },
  };
}
