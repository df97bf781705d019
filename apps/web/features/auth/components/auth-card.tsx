import type { ReactNode } from 'react';

/** The card every sign-in page is: a heading, a line of context, the form, and a footer line. */
export function AuthCard({ title, lead, children, footer }: { title: ReactNode; lead?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <section aria-labelledby="auth-title" className="rounded-xl border border-border bg-card p-6 shadow-sm sm:p-8">
      <header className="mb-6 space-y-1.5">
        <h1 id="auth-title" className="text-2xl font-semibold tracking-tight" data-testid="auth-title">
          {title}
        </h1>
        {lead ? <p className="text-sm text-muted-foreground">{lead}</p> : null}
      </header>
      {children}
      {footer ? <div className="mt-6 border-t border-border pt-4 text-center text-sm text-muted-foreground">{footer}</div> : null}
    </section>
  );
}
