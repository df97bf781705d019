import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { Button } from './button';

/** Placeholder cards while a list loads, announced to screen readers by `label`. */
export function LoadingCards({ label, count, className, testId }: { label: string; count: number; className: string; testId?: string }) {
  return (
    <div role="status" className="grid gap-3" data-testid={testId}>
      <span className="sr-only">{label}</span>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={clsx('animate-pulse rounded-xl border border-border bg-muted/60', className)} />
      ))}
    </div>
  );
}

/** A failed load: what went wrong, and a way to try again. */
export function LoadError({
  message,
  retryLabel,
  onRetry,
  testId,
  action,
}: {
  message: string;
  retryLabel: string;
  onRetry: () => void;
  testId?: string;
  action?: ReactNode;
}) {
  return (
    <div role="alert" className="grid gap-3 rounded-xl border border-destructive/50 p-4 text-sm" data-testid={testId}>
      <p className="text-destructive">{message}</p>
      <div className="flex flex-wrap gap-2">
        {action}
        <Button type="button" variant="outline" size="sm" className="w-fit" onClick={onRetry}>
          {retryLabel}
        </Button>
      </div>
    </div>
  );
}
