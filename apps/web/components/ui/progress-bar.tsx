import { clsx } from 'clsx';

/** A thin bar for progress (`progressbar`) or a level such as storage used (`meter`), themed for light and dark. */
export function Bar({
  value,
  label,
  valueText,
  role = 'progressbar',
  warn = false,
}: {
  value: number;
  label: string;
  valueText?: string;
  role?: 'progressbar' | 'meter';
  warn?: boolean;
}) {
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div
      role={role}
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText}
      className="h-2 w-full overflow-hidden rounded-full bg-muted"
    >
      <div className={clsx('h-full rounded-full transition-[width]', warn ? 'bg-destructive' : 'bg-primary')} style={{ width: `${percent}%` }} />
    </div>
  );
}
