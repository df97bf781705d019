import { clsx } from 'clsx';
import type { ComponentProps } from 'react';

export const inputClasses =
  'flex h-10 w-full min-w-0 rounded-md border border-border bg-card px-3 py-2 text-base text-foreground placeholder:text-muted-foreground/80 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-destructive sm:text-sm';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={clsx(inputClasses, className)} {...props} />;
}
