'use client';

import { X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { inputClasses } from '@/components/ui/input';

/**
 * A modal dialog for finding something in a list as one types: a title with a close button, the search field
 * (focused on opening), the list the caller renders, and an optional footer. It opens as the browser's modal
 * dialog, so Escape closes it and focus returns to what opened it; a click on the backdrop closes it too. The
 * caller's parts receive `close` to end it after a choice. `onClose` runs however it closed.
 */
export function SearchDialog({
  title,
  closeLabel,
  searchLabel,
  searchPlaceholder,
  query,
  onQueryChange,
  onSearchKeyDown,
  testId,
  children,
  footer,
  onClose,
}: {
  title: string;
  closeLabel: string;
  searchLabel: string;
  searchPlaceholder: string;
  query: string;
  onQueryChange: (query: string) => void;
  onSearchKeyDown?: (event: KeyboardEvent<HTMLInputElement>, close: () => void) => void;
  /** `testId` on the dialog, `${testId}-search` on its field. */
  testId: string;
  children: (close: () => void) => ReactNode;
  footer?: (close: () => void) => ReactNode;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const titleId = useId();
  // Closing is asked for by state, so the parts rendered with `close` never touch the element while rendering.
  const [closing, setClosing] = useState(false);
  const close = () => setClosing(true);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    // showModal() focuses the first focusable element (the close button); typing should go to the search.
    search.current?.focus();
  }, []);

  useEffect(() => {
    if (closing) dialog.current?.close();
  }, [closing]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === dialog.current) close();
      }}
      className="m-auto w-[min(40rem,calc(100vw-1.5rem))] rounded-xl border border-border bg-background p-0 text-foreground shadow-xl backdrop:bg-black/50"
      data-testid={testId}
    >
      <div className={`grid max-h-[85vh] gap-3 p-4 ${footer ? 'grid-rows-[auto_auto_1fr_auto]' : 'grid-rows-[auto_auto_1fr]'}`}>
        <div className="flex items-center justify-between gap-3">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          <button
            type="button"
            onClick={close}
            className="rounded-md p-2 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
            aria-label={closeLabel}
          >
            <X aria-hidden className="size-4" />
          </button>
        </div>
        <label className="grid gap-1 text-sm">
          <span className="text-muted-foreground">{searchLabel}</span>
          <input
            ref={search}
            type="search"
            value={query}
            onChange={(event) => onQueryChange(event.target.value)}
            onKeyDown={onSearchKeyDown && ((event) => onSearchKeyDown(event, close))}
            placeholder={searchPlaceholder}
            className={inputClasses}
            data-testid={`${testId}-search`}
          />
        </label>
        <div className="min-h-0 space-y-4 overflow-y-auto">{children(close)}</div>
        {footer ? <div className="flex items-center justify-between gap-3 border-t pt-3">{footer(close)}</div> : null}
      </div>
    </dialog>
  );
}
