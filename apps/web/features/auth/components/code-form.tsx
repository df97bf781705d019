'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import type { ShownError } from '@/hooks/use-error-message';

/**
 * A one-time code the person types and `verify` checks: the body shared by the mailed-code, SMS and authenticator
 * forms. The code is checked against `schema` (its issues are `validation.*` keys) before anything is sent; a
 * refusal shows as the form's alert, and `onVerified` runs once the code was accepted.
 */
export function CodeForm<S extends z.ZodType<{ code: string }>>({
  schema,
  fields,
  verify,
  onVerified,
  label,
  hint,
  submitLabel,
  pendingLabel,
  digits,
  disabled = false,
  autoFocus = false,
  clearOnError = false,
  variant,
  testIds,
  className,
  before,
  children,
}: {
  schema: S;
  /** The other fields `schema` checks beside the code (the address or the number the code went to). */
  fields?: Record<string, string>;
  /** Sends the checked input; answers the error to show, or null when the code was accepted. */
  verify: (input: z.output<S>) => Promise<ShownError | null>;
  onVerified: () => void;
  label: string;
  hint?: string;
  submitLabel: string;
  pendingLabel: string;
  /** The longest code accepted; typing keeps digits only. */
  digits: number;
  /** Not ready to send yet (no auth client). */
  disabled?: boolean;
  autoFocus?: boolean;
  /** Empties the field after a refusal (an authenticator shows a new code anyway). */
  clearOnError?: boolean;
  variant?: 'default' | 'outline';
  testIds: { form: string; input: string; submit: string; error?: string };
  className?: string;
  /** Shown above the alert (what the code is for). */
  before?: ReactNode;
  /** Shown below the button (resend, another way). */
  children?: ReactNode;
}) {
  const v = useTranslations('validation');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<ShownError | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (disabled) return;
    const parsed = schema.safeParse({ ...fields, code });
    if (!parsed.success) return setFieldError(v(parsed.error.issues[0]!.message as 'code_format'));
    setFieldError(null);
    setError(null);
    setPending(true);
    const refused = await verify(parsed.data);
    setPending(false);
    if (!refused) return onVerified();
    if (clearOnError) setCode('');
    setError(refused);
  }

  return (
    <form onSubmit={submit} method="post" className={cn('grid gap-4', className)} noValidate data-testid={testIds.form}>
      {before}
      {error ? <FormAlert testId={testIds.error}>{error.message}</FormAlert> : null}
      <Field label={label} hint={hint} error={fieldError}>
        <Input
          name="code"
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, digits))}
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus={autoFocus}
          maxLength={digits}
          className="font-mono text-lg tracking-[0.3em]"
          data-testid={testIds.input}
        />
      </Field>
      <Button type="submit" variant={variant} disabled={disabled || pending} data-testid={testIds.submit}>
        {pending ? pendingLabel : submitLabel}
      </Button>
      {children}
    </form>
  );
}
