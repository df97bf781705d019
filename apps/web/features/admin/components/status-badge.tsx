import { clsx } from 'clsx';
import type { AccountStatus } from '../user-summary';

const tones: Record<AccountStatus, string> = {
  // 800 on the light tint: 700 fell short of WCAG AA's 4.5:1 for this small text (axe color-contrast).
  active: 'bg-emerald-500/15 text-emerald-800 dark:text-emerald-300',
  unconfirmed: 'bg-amber-500/15 text-amber-800 dark:text-amber-300',
  banned: 'bg-destructive/15 text-destructive',
  deleted: 'bg-muted text-muted-foreground',
};

export function StatusBadge({ status, label }: { status: AccountStatus; label: string }) {
  return (
    <span
      className={clsx('inline-flex w-fit rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap', tones[status])}
      data-testid="user-status"
      data-status={status}
    >
      {label}
    </span>
  );
}
