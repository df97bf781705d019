'use client';

import { clsx } from 'clsx';

/** A choice of one among a few, made of native radio inputs so arrows and Tab behave as expected. */
export function Segmented<T extends string>({
  name,
  legend,
  value,
  options,
  onChange,
}: {
  name: string;
  legend: string;
  value: T;
  options: { value: T; label: string; badge?: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="inline-flex items-center gap-1 rounded-lg border border-border bg-card p-1">
      <legend className="sr-only">{legend}</legend>
      {options.map((option) => (
        <label
          key={option.value}
          className={clsx(
            'relative flex cursor-pointer items-center gap-2 rounded-md px-3 py-1.5 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
            option.value === value ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:text-foreground',
          )}
        >
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
            className="sr-only"
            data-testid={`${name}-${option.value}`}
          />
          {option.label}
          {option.badge ? (
            <span
              className={clsx(
                'rounded px-1.5 py-0.5 text-xs font-semibold',
                option.value === value ? 'bg-primary-foreground/20' : 'bg-accent text-accent-foreground',
              )}
            >
              {option.badge}
            </span>
          ) : null}
        </label>
      ))}
    </fieldset>
  );
}
