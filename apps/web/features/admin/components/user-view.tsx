'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useFormatter, useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import { LoadError, LoadingCards } from '@/components/ui/query-state';
import { useErrorMessage } from '@/hooks/use-error-message';
import { FormAlert } from '@/components/ui/form-alert';
import { toast } from '@/hooks/use-toast';
import { Link } from '@/lib/i18n/navigation';
import type { AdminUserDetail } from '../server/get-user-detail';
import { AuditTable } from './audit-table';
import { ConfirmAction } from '@/components/ui/confirm-action';
import { PlanControls } from './plan-controls';
import { BanControls } from './ban-controls';
import { StatusBadge } from './status-badge';
import { useAdminApi } from './use-admin-api';
import { adminDateTime } from '../date-format';

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="grid min-w-0 grid-cols-1 content-start gap-3 rounded-xl border border-border bg-card p-4 sm:p-5" data-testid={testId}>
      <h2 className="font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className="min-w-0 break-all">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * What can be mailed to an account: the sign-up confirmation again or an invitation only while its address is
 * unconfirmed; no sign-in link to a banned one.
 */
function linkTypes(status: AdminUserDetail['status']): ('recovery' | 'magiclink' | 'invite' | 'signup')[] {
  if (status === 'unconfirmed') return ['signup', 'invite'];
  if (status === 'banned') return [];
  return ['recovery', 'magiclink'];
}

/** /admin/users/{id}: one account, what it uses, its history, and what an admin can do to it. */
export function UserView({ id }: { id: string }) {
  const t = useTranslations('admin.user');
  const tc = useTranslations('admin');
  const format = useFormatter();
  const toMessage = useErrorMessage();
  const api = useAdminApi();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const detail = useQuery({ queryKey: ['admin-user', id], queryFn: ({ signal }) => api<AdminUserDetail>(`/api/admin/users/${id}`, { signal }) });

  const action = useMutation({
    mutationFn: (request: { path: string; method: string; body?: unknown; done: string }) => api<unknown>(request.path, request),
    onMutate: () => setFailure(null),
    onSuccess: (_data, request) => {
      toast({ title: request.done, variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: ['admin-user', id] });
      void queryClient.invalidateQueries({ queryKey: ['admin-users'] });
      void queryClient.invalidateQueries({ queryKey: ['admin-audit'] });
    },
    onError: (error) => setFailure(toMessage(error).message),
  });
  const run = (request: { path: string; method: string; body?: unknown; done: string }) => action.mutate(request);

  if (detail.isPending) return <LoadingCards label={tc('loading')} count={3} className="h-32" testId="user-loading" />;
  if (detail.isError) {
    return <LoadError message={toMessage(detail.error).message} retryLabel={tc('retry')} onRetry={() => void detail.refetch()} testId="user-error" />;
  }
  const user = detail.data;
  const who = user.email ?? (user.phone ? `+${user.phone}` : user.id);
  const date = (value: string | null) => (value ? format.dateTime(new Date(value), adminDateTime) : t('never'));
  const deleted = user.status === 'deleted';

  return (
    // Addresses and names can be one long unbreakable word: they wrap anywhere rather than widen a phone's page.
    <div className="mx-auto grid max-w-5xl grid-cols-1 gap-6 [overflow-wrap:anywhere]">
      <Link href="/admin/users" className="flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden />
        {t('back')}
      </Link>
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="max-w-full min-w-0 truncate text-2xl font-semibold tracking-tight" data-testid="user-title">
          {who}
        </h1>
        <StatusBadge status={user.status} label={tc(`status.${user.status}`)} />
        {user.admin ? <span className="rounded-full bg-primary/15 px-2 py-0.5 text-xs font-medium text-primary">{t('admin')}</span> : null}
      </header>
      {failure ? <FormAlert>{failure}</FormAlert> : null}

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Section title={t('profile')}>
          <Facts
            rows={[
              [
                t('id'),
                <code key="id" className="text-xs">
                  {user.id}
                </code>,
              ],
              [t('email'), user.email ?? '—'],
              [t('phone'), user.phone ? `+${user.phone}` : '—'],
              [t('name'), user.name ?? '—'],
              [t('created'), date(user.created_at)],
              [t('confirmed'), date(user.email_confirmed_at)],
              [t('lastSignIn'), date(user.last_sign_in_at)],
              [t('bannedUntil'), user.status === 'banned' ? date(user.banned_until) : '—'],
            ]}
          />
        </Section>

        <Section title={t('usage', { month: user.usage.month.slice(0, 7) })} testId="user-usage">
          <Facts
            rows={[
              [t('aiMessages'), format.number(user.usage.ai_messages)],
              [t('aiTokens'), format.number(user.usage.ai_tokens)],
              [t('referenceChecks'), format.number(user.usage.reference_checks)],
              [t('libraryPapers'), format.number(user.usage.library_papers)],
            ]}
          />
        </Section>

        <Section title={t('signInMethods')}>
          {user.identities.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('none')}</p>
          ) : (
            <ul className="grid gap-2 text-sm">
              {user.identities.map((identity) => (
                <li key={identity.id} className="flex flex-wrap justify-between gap-2">
                  <span className="font-medium">{identity.provider}</span>
                  <span className="text-muted-foreground">{identity.email ?? ''}</span>
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section title={t('factors')} testId="user-factors">
          {user.factors.length === 0 ? (
            <p className="text-sm text-muted-foreground" data-testid="factors-empty">
              {t('noFactors')}
            </p>
          ) : (
            <ul className="grid gap-3">
              {user.factors.map((factor) => (
                <li key={factor.id} className="grid gap-2 rounded-md border border-border p-3 text-sm" data-testid="user-factor">
                  <p>
                    <span className="font-medium">{factor.name ?? factor.type}</span>{' '}
                    <span className="text-muted-foreground">
                      ({factor.type}, {factor.status})
                    </span>
                  </p>
                  <ConfirmAction
                    label={t('removeFactor')}
                    question={t('removeFactorQuestion', { factor: factor.name ?? factor.type, user: who })}
                    confirmLabel={t('removeFactor')}
                    pending={action.isPending}
                    testId="factor-remove"
                    onConfirm={() => run({ path: `/api/admin/users/${id}/factors/${factor.id}`, method: 'DELETE', done: t('factorRemoved') })}
                  />
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section title={t('sessions')} testId="user-sessions">
          {user.sessions === null ? (
            <p className="text-sm text-muted-foreground">{t('sessionsElsewhere')}</p>
          ) : user.sessions.length === 0 ? (
            <p className="text-sm text-muted-foreground" data-testid="sessions-empty">
              {t('noSessions')}
            </p>
          ) : (
            <>
              <ul className="grid gap-3">
                {user.sessions.map((session) => (
                  <li
                    key={session.id}
                    className="grid gap-2 rounded-md border border-border p-3 text-sm"
                    data-testid="user-session"
                    data-session-id={session.id}
                  >
                    <p className="font-medium break-words">{session.user_agent ?? t('unknownDevice')}</p>
                    <Facts
                      rows={[
                        [t('sessionIp'), session.ip ?? '—'],
                        [t('sessionCreated'), date(session.created_at)],
                        [t('sessionRefreshed'), date(session.refreshed_at)],
                        [t('sessionAal'), session.aal === 'aal2' ? t('aal2') : t('aal1')],
                      ]}
                    />
                    <ConfirmAction
                      label={t('revokeSession')}
                      question={t('revokeSessionQuestion', { user: who })}
                      confirmLabel={t('revokeSession')}
                      pending={action.isPending}
                      testId="session-revoke"
                      onConfirm={() => run({ path: `/api/admin/users/${id}/sessions/${session.id}`, method: 'DELETE', done: t('sessionRevoked') })}
                    />
                  </li>
                ))}
              </ul>
              <ConfirmAction
                label={t('revokeAll')}
                question={t('revokeAllQuestion', { user: who, count: user.sessions.length })}
                confirmLabel={t('revokeAll')}
                pending={action.isPending}
                testId="sessions-revoke-all"
                onConfirm={() => run({ path: `/api/admin/users/${id}/sessions`, method: 'DELETE', done: t('sessionsRevoked') })}
              />
            </>
          )}
        </Section>

        <Section title={t('plan')} testId="user-plan-section">
          <PlanControls user={user} who={who} pending={action.isPending} run={run} />
        </Section>

        <Section title={t('actions')} testId="user-actions">
          {deleted ? (
            <p className="text-sm text-muted-foreground">{t('deletedNote')}</p>
          ) : (
            <div className="grid justify-items-start gap-4">
              <BanControls user={user} who={who} pending={action.isPending} run={run} />
              {user.email ? (
                <div className="grid gap-2" data-testid="user-links">
                  <p className="text-sm text-muted-foreground">{t('linksNote', { email: user.email })}</p>
                  <div className="flex flex-wrap gap-2">
                    {linkTypes(user.status).map((type) => (
                      <ConfirmAction
                        key={type}
                        label={t(`link.${type}.send`)}
                        question={t(`link.${type}.question`, { user: who })}
                        confirmLabel={t(`link.${type}.send`)}
                        pending={action.isPending}
                        testId={`link-${type}`}
                        onConfirm={() =>
                          run({ path: `/api/admin/users/${id}/links`, method: 'POST', body: { type }, done: t(`link.${type}.sent`, { email: user.email! }) })
                        }
                      />
                    ))}
                  </div>
                </div>
              ) : null}
              <ConfirmAction
                label={t('delete')}
                question={t('deleteQuestion', { user: who })}
                confirmLabel={t('delete')}
                pending={action.isPending}
                testId="user-delete"
                onConfirm={() => run({ path: `/api/admin/users/${id}`, method: 'DELETE', done: t('deleted') })}
              />
            </div>
          )}
        </Section>
      </div>

      <Section title={t('auditTrail')} testId="user-audit">
        <AuditTable entries={user.audit} showTarget={false} />
      </Section>
    </div>
  );
}
