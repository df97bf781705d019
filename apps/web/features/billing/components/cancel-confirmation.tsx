'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';

/** "Cancel at period end" asks first: one click must not end a paid plan. */
export function CancelConfirmation({
  question,
  disabled,
  onConfirm,
  onBack,
}: {
  question: string;
  disabled: boolean;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const t = useTranslations('billing');
  return (
    <div
      role="alertdialog"
      aria-labelledby="billing-cancel-question"
      className="mt-4 grid gap-3 rounded-lg border border-border p-4"
      data-testid="billing-cancel-confirmation"
    >
      <p id="billing-cancel-question" className="text-sm">
        {question}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" onClick={onConfirm} disabled={disabled} data-testid="billing-cancel-confirm">
          {t('cancelConfirm')}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onBack} disabled={disabled} data-testid="billing-cancel-back">
          {t('cancelBack')}
        </Button>
      </div>
    </div>
  );
}
