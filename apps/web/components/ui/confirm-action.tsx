'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';

/**
 * A button whose action waits for a second, explicit confirmation that names what will happen to whom. The
 * question opens in place (focus moves to it; Escape or Cancel closes it and returns focus).
 */
export function ConfirmAction({
  label,
  question,
  confirmLabel,
  onConfirm,
  pending,
  variant = 'outline',
  testId,
  disabled,
}: {
  label: ReactNode;
  question: string;
  confirmLabel: string;
  onConfirm: () => void;
  pending?: boolean;
  variant?: ButtonProps['variant'];
  testId: string;
  disabled?: boolean;
}) {
  const t = useTranslations('admin');
  const [open, setOpen] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  useEffect(() => {
    if (open) confirmRef.current?.focus();
  }, [open]);

  function close() {
    setOpen(false);
    openerRef.current?.focus();
  }

  if (!open) {
    return (
      <Button ref={openerRef} type="button" variant={variant} size="sm" disabled={disabled || pending} onClick={() => setOpen(true)} data-testid={testId}>
        {label}
      </Button>
    );
  }
  return (
    <div
      role="alertdialog"
      aria-labelledby={id}
      className="grid gap-3 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm"
      onKeyDown={(event) => {
        if (event.key === 'Escape') close();
      }}
      data-testid={`${testId}-confirm`}
    >
      <p id={id}>{question}</p>
      <div className="flex flex-wrap gap-2">
        <Button
          ref={confirmRef}
          type="button"
          size="sm"
          disabled={pending}
          onClick={() => {
            setOpen(false);
            onConfirm();
          }}
          data-testid={`${testId}-yes`}
        >
          {confirmLabel}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={close} data-testid={`${testId}-cancel`}>
          {t('cancel')}
        </Button>
      </div>
    </div>
  );
}
