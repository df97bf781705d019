'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Button, buttonVariants } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

import { useErrorMessage } from '@/hooks/use-error-message';
import { useHydrated } from '@/hooks/use-hydrated';
import { FormAlert } from '@/components/ui/form-alert';
import { SettingsSection } from '@/components/ui/settings-section';
import { Link, useRouter } from '@/lib/i18n/navigation';
import { cn } from '@/lib/utils';
import type { SharedPaper } from '../server/shared-library';
import type { TeamView } from '../server/team';
import { useApi } from '@/lib/api/use-api';
import { InvitationsForMe } from './invitations-for-me';

export type OwnPaper = { paperId: string; title: string };

type Props = { team: TeamView; shared: SharedPaper[]; ownPapers: OwnPaper[]; userId: string };

/** /dashboard/settings/team's content: invitations to me, the team and its seats, and the shared library. */
export function TeamPanel({ team, shared, ownPapers, userId }: Props) {
  const t = useTranslations('team');
  const api = useApi();
  const format = useFormatter();
  const router = useRouter();
  const toMessage = useErrorMessage();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const available = ownPapers.filter((paper) => !shared.some((item) => item.paperId === paper.paperId));
  const [paperId, setPaperId] = useState('');
  const chosen = available.some((paper) => paper.paperId === paperId) ? paperId : (available[0]?.paperId ?? '');
  const full = team.seats.used >= team.seats.total;

  async function run(name: string, path: string, options: { method?: string; body?: unknown }, done?: string) {
    setBusy(name);
    setError(null);
    setNotice(null);
    try {
      await api.fetch(path, { ...options });
      if (done) setNotice(done);
      router.refresh();
      return true;
    } catch (failure) {
      setError(toMessage(failure).message);
      return false;
    } finally {
      setBusy(null);
    }
  }

  async function invite(event: FormEvent) {
    event.preventDefault();
    setEmailError(null);
    setBusy('invite');
    setError(null);
    setNotice(null);
    try {
      const result = await api.fetch<{ mailed: boolean; invitation: { email: string } }>('/api/team/invitations', { body: { email } });
      setNotice(t(result.mailed ? 'invite.mailed' : 'invite.existing', { email: result.invitation.email }));
      setEmail('');
      router.refresh();
    } catch (failure) {
      const shown = toMessage(failure);
      if (shown.issues.email) setEmailError(shown.issues.email);
      else setError(shown.message);
    } finally {
      setBusy(null);
    }
  }

  const alerts = (
    <>
      {error ? <FormAlert testId="team-error">{error}</FormAlert> : null}
      {notice ? <FormAlert kind="success" title={notice} testId="team-notice" /> : null}
    </>
  );

  return (
    <>
      <InvitationsForMe
        invitations={team.invitationsForMe}
        disabled={!hydrated || busy !== null}
        onAccept={(id) => void run('accept', `/api/team/invitations/${id}/accept`, { method: 'POST', body: {} }, t('invitations.joined'))}
        onDecline={(id) => void run('decline', `/api/team/invitations/${id}/decline`, { method: 'POST', body: {} })}
      />

      {team.role === null ? (
        <SettingsSection title={t('title')} description={t('lead')} testId="team-none">
          {alerts}
          <p className="text-sm text-muted-foreground">{t('none')}</p>
          <div>
            <Link href="/pricing" className={cn(buttonVariants({ variant: 'outline' }))} data-testid="team-pricing">
              {t('seePlans')}
            </Link>
          </div>
        </SettingsSection>
      ) : (
        <>
          <SettingsSection title={t('title')} description={team.role === 'owner' ? t('ownerLead') : t('memberLead')} testId="team-overview">
            {alerts}
            {!team.active ? <FormAlert kind="info" title={t('inactive')} testId="team-inactive" /> : null}
            <p className="text-sm" data-testid="team-seats">
              {t('seats', { used: team.seats.used, total: team.seats.total })}
            </p>
            {team.role === 'owner' ? (
              <form onSubmit={invite} className="grid gap-2" noValidate>
                <label htmlFor="team-invite-email" className="text-sm font-medium">
                  {t('invite.label')}
                </label>
                <div className="flex flex-col gap-2 sm:flex-row">
                  <Input
                    id="team-invite-email"
                    type="email"
                    autoComplete="off"
                    value={email}
                    onChange={(event) => setEmail(event.target.value)}
                    placeholder={t('invite.placeholder')}
                    aria-invalid={emailError ? true : undefined}
                    aria-describedby={emailError ? 'team-invite-error' : 'team-invite-hint'}
                    disabled={!hydrated}
                    data-testid="team-invite-email"
                  />
                  <Button type="submit" disabled={!hydrated || busy !== null || !team.active} data-testid="team-invite-submit">
                    {busy === 'invite' ? t('invite.sending') : t('invite.submit')}
                  </Button>
                </div>
                {emailError ? (
                  <p id="team-invite-error" className="text-sm text-destructive" data-testid="field-error">
                    {emailError}
                  </p>
                ) : (
                  <p id="team-invite-hint" className="text-xs text-muted-foreground">
                    {full ? t('invite.full') : t('invite.hint')}
                  </p>
                )}
              </form>
            ) : null}
            <div className="grid gap-2">
              <h3 className="text-sm font-medium">{t('members.title')}</h3>
              <ul className="grid gap-2" data-testid="team-members">
                {team.members.map((member) => (
                  <li
                    key={member.userId}
                    className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border p-3 text-sm"
                    data-testid="team-member"
                  >
                    <span className="grid min-w-0">
                      <span className="[overflow-wrap:anywhere]">{member.email}</span>
                      <span className="text-xs text-muted-foreground">{member.role === 'owner' ? t('members.owner') : t('members.member')}</span>
                    </span>
                    {team.role === 'owner' && member.role === 'member' ? (
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={!hydrated || busy !== null}
                        onClick={() =>
                          void run('remove', `/api/team/members/${member.userId}`, { method: 'DELETE' }, t('members.removed', { email: member.email }))
                        }
                        data-testid="team-remove"
                      >
                        {t('members.remove')}
                      </Button>
                    ) : null}
                    {team.role === 'member' && member.userId === userId ? (
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={!hydrated || busy !== null}
                        onClick={() => void run('leave', `/api/team/members/${member.userId}`, { method: 'DELETE' })}
                        data-testid="team-leave"
                      >
                        {t('members.leave')}
                      </Button>
                    ) : null}
                  </li>
                ))}
              </ul>
            </div>
            {team.role === 'owner' && team.invitations.length > 0 ? (
              <div className="grid gap-2">
                <h3 className="text-sm font-medium">{t('pending.title')}</h3>
                <ul className="grid gap-2" data-testid="team-pending">
                  {team.invitations.map((invitation) => (
                    <li
                      key={invitation.id}
                      className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-dashed border-border p-3 text-sm"
                      data-testid="team-pending-invitation"
                    >
                      <span className="grid min-w-0">
                        <span className="[overflow-wrap:anywhere]">{invitation.email}</span>
                        <span className="text-xs text-muted-foreground">
                          {t('pending.since', { date: format.dateTime(new Date(invitation.createdAt), { dateStyle: 'medium' }) })}
                        </span>
                      </span>
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={!hydrated || busy !== null}
                        onClick={() => void run('revoke', `/api/team/invitations/${invitation.id}`, { method: 'DELETE' })}
                        data-testid="team-revoke"
                      >
                        {t('pending.revoke')}
                      </Button>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </SettingsSection>

          <SettingsSection title={t('library.title')} description={t('library.lead')} testId="team-library">
            {shared.length === 0 ? (
              <p className="text-sm text-muted-foreground" data-testid="team-library-empty">
                {t('library.empty')}
              </p>
            ) : (
              <ul className="grid gap-2" data-testid="team-library-papers">
                {shared.map((item) => (
                  <li
                    key={item.id}
                    className="flex flex-wrap items-start justify-between gap-2 rounded-md border border-border p-3"
                    data-testid="team-library-paper"
                  >
                    <span className="grid min-w-0 gap-0.5">
                      <span className="font-medium [overflow-wrap:anywhere]">{item.paper.title}</span>
                      <span className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
                        {[item.paper.issued?.year, t('library.addedBy', { email: item.addedByEmail || '—' })].filter(Boolean).join(' · ')}
                      </span>
                    </span>
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={!hydrated || busy !== null || !team.active}
                      onClick={() => void run('unshare', `/api/team/library/${item.id}`, { method: 'DELETE' })}
                      aria-label={t('library.removeLabel', { title: item.paper.title })}
                      data-testid="team-library-remove"
                    >
                      {t('library.remove')}
                    </Button>
                  </li>
                ))}
              </ul>
            )}
            {available.length > 0 ? (
              <form
                className="grid gap-2"
                onSubmit={(event) => {
                  event.preventDefault();
                  if (chosen) void run('share', '/api/team/library', { body: { paperId: chosen } }, t('library.added'));
                }}
              >
                <label htmlFor="team-library-select" className="text-sm font-medium">
                  {t('library.addLabel')}
                </label>
                <div className="flex flex-col gap-2 sm:flex-row">
                  <select
                    id="team-library-select"
                    value={chosen}
                    onChange={(event) => setPaperId(event.target.value)}
                    disabled={!hydrated}
                    className="h-9 w-full min-w-0 rounded-md border border-input bg-background px-3 text-sm"
                    data-testid="team-library-select"
                  >
                    {available.map((paper) => (
                      <option key={paper.paperId} value={paper.paperId}>
                        {paper.title}
                      </option>
                    ))}
                  </select>
                  <Button type="submit" disabled={!hydrated || busy !== null || !team.active} data-testid="team-library-add">
                    {t('library.add')}
                  </Button>
                </div>
              </form>
            ) : (
              <p className="text-xs text-muted-foreground">{t('library.nothingToAdd')}</p>
            )}
          </SettingsSection>
        </>
      )}
    </>
  );
}
