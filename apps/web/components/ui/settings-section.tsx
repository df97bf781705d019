import { useId, type ReactNode } from 'react';

/** One titled block of a settings page. */
export function SettingsSection({
  title,
  description,
  children,
  testId,
  danger,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  testId?: string;
  danger?: boolean;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      data-testid={testId}
      className={`grid gap-4 rounded-lg border bg-card/60 p-4 sm:p-6 ${danger ? 'border-destructive/50' : 'border-border'}`}
    >
      <div className="grid gap-1">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}

/** Shown while the session is read in the browser. */
export function SectionLoading({ label }: { label: string }) {
  return (
    <p role="status" className="text-sm text-muted-foreground" data-testid="settings-loading">
      {label}
    </p>
  );
}
