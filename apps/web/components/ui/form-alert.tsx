import { CircleAlert, Info, MailCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** A message above or below a form: an error (announced at once), or information. */
export function FormAlert({
  kind = 'error',
  title,
  children,
  testId,
}: {
  kind?: 'error' | 'info' | 'success';
  title?: ReactNode;
  children?: ReactNode;
  testId?: string;
}) {
  const Icon = kind === 'error' ? CircleAlert : kind === 'success' ? MailCheck : Info;
  return (
    <div
      role={kind === 'error' ? 'alert' : 'status'}
      data-testid={testId ?? (kind === 'error' ? 'form-error' : 'form-info')}
      className={cn(
        'flex gap-3 rounded-md border p-3 text-sm',
        kind === 'error' && 'border-destructive/50 bg-destructive/10 text-foreground',
        kind === 'info' && 'border-border bg-muted text-foreground',
        kind === 'success' && 'border-success/40 bg-success/10 text-foreground',
      )}
    >
      <Icon
        className={cn('mt-0.5 size-4 shrink-0', kind === 'error' ? 'text-destructive' : kind === 'success' ? 'text-success' : 'text-muted-foreground')}
        aria-hidden
      />
      <div className="grid gap-1">
        {title ? <p className="font-medium">{title}</p> : null}
        {children ? <div className="text-muted-foreground [&_a]:text-primary [&_a]:underline">{children}</div> : null}
      </div>
    </div>
  );
}
