import { clsx } from 'clsx';
import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';

/**
 * A labelled form control with an optional hint and error. The control gets its id, `aria-invalid` and
 * `aria-describedby` pointing at the hint and the error, so screen readers read them with the field.
 */
export function Field({
  label,
  hint,
  error,
  children,
  className,
  labelAction,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  children: ReactElement<Record<string, unknown>>;
  className?: string;
  /** Something beside the label, e.g. a "Forgot your password?" link. */
  labelAction?: ReactNode;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const own = isValidElement(children) ? (children.props['aria-describedby'] as string | undefined) : undefined;
  const control = isValidElement(children)
    ? cloneElement(children, {
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': [hintId, errorId, own].filter(Boolean).join(' ') || undefined,
      })
    : children;
  return (
    <div className={clsx('grid gap-1.5', className)}>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        {labelAction}
      </div>
      {control}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-destructive" data-testid="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
