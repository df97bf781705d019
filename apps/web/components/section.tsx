import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { CjkWords } from './cjk-words';

/** A page section with a consistent width and vertical rhythm. */
export function Section({ children, className, ...rest }: { children: ReactNode; className?: string; 'aria-labelledby'?: string }) {
  return (
    <section className={cn('mx-auto w-full max-w-6xl px-4 py-16 sm:px-6', className)} {...rest}>
      {children}
    </section>
  );
}

export function PageHeader({ eyebrow, title, lead }: { eyebrow?: string; title: string; lead?: string }) {
  return (
    <header className="max-w-3xl space-y-4">
      {eyebrow ? <p className="text-sm font-semibold text-primary">{eyebrow}</p> : null}
      <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">
        <CjkWords text={title} />
      </h1>
      {lead ? <p className="text-lg text-muted-foreground text-pretty">{lead}</p> : null}
    </header>
  );
}
