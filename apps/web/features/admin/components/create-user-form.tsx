'use client';

import { useMutation } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useErrorMessage, type ShownError } from '@/hooks/use-error-message';
import { FormAlert } from '@/components/ui/form-alert';
import { toast } from '@/hooks/use-toast';
import { useRouter } from '@/lib/i18n/navigation';
import { useAdminApi } from './use-admin-api';

/** Creates an account with a password, or invites an address by mail (POST /api/admin/users), and opens it. */
export function CreateUserForm() {
  const t = useTranslations('admin.create');
  const toMessage = useErrorMessage();
  const api = useAdminApi();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmed, setConfirmed] = useState(true);
  const [method, setMethod] = useState<'password' | 'invite'>('password');
  const [error, setError] = useState<ShownError | null>(null);
  const create = useMutation({
    mutationFn: () =>
      api<{ id: string }>('/api/admin/users', {
        method: 'POST',
        body: method === 'invite' ? { method, email } : { method, email, password, email_confirm: confirmed },
      }),
    onSuccess: ({ id }) => {
      toast({ title: t(method === 'invite' ? 'invited' : 'created', { email }), variant: 'success' });
      router.push(`/admin/users/${id}`);
    },
    onError: (failure) => setError(toMessage(failure)),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    create.mutate();
  }

  if (!open) {
    return (
      <Button type="button" variant="outline" onClick={() => setOpen(true)} className="w-fit" data-testid="create-user-open">
        <UserPlus aria-hidden />
        {t('open')}
      </Button>
    );
  }
  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-4 rounded-xl border border-border bg-card p-4 sm:max-w-md"
      aria-label={t('title')}
      data-testid="create-user-form"
    >
      <h2 className="font-semibold">{t('title')}</h2>
      {error && error.code !== 'validation_failed' ? <FormAlert>{error.message}</FormAlert> : null}
      <Field label={t('email')} error={error?.issues.email}>
        <Input type="email" autoComplete="off" value={email} onChange={(event) => setEmail(event.target.value)} data-testid="create-user-email" />
      </Field>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{t('method')}</legend>
        {(['password', 'invite'] as const).map((value) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="create-user-method"
              value={value}
              checked={method === value}
              onChange={() => setMethod(value)}
              data-testid={`create-user-method-${value}`}
            />
            {t(value === 'password' ? 'methodPassword' : 'methodInvite')}
          </label>
        ))}
      </fieldset>
      {method === 'password' ? (
        <>
          <Field label={t('password')} hint={t('passwordHint')} error={error?.issues.password}>
            <Input
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              data-testid="create-user-password"
            />
          </Field>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={confirmed} onChange={(event) => setConfirmed(event.target.checked)} data-testid="create-user-confirmed" />
            {t('confirmed')}
          </label>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">{t('inviteHint')}</p>
      )}
      <div className="flex gap-2">
        <Button type="submit" disabled={create.isPending} data-testid="create-user-submit">
          {t(method === 'invite' ? 'submitInvite' : 'submit')}
        </Button>
        <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}
