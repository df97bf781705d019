'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { SettingsSection } from '@/components/ui/settings-section';
import type { TeamView } from '../server/team';

/** The invitations to join someone's team that wait for this user: accept or decline each. Nothing when there are none. */
export function InvitationsForMe({
  invitations,
  disabled,
  onAccept,
  onDecline,
}: {
  invitations: TeamView['invitationsForMe'];
  disabled: boolean;
  onAccept: (id: string) => void;
  onDecline: (id: string) => void;
}) {
  const t = useTranslations('team');
  if (invitations.length === 0) return null;
  return (
    <SettingsSection title={t('invitations.title')} description={t('invitations.lead')} testId="team-invitations-for-me">
      <ul className="grid gap-3">
        {invitations.map((invitation) => (
          <li
            key={invitation.id}
            className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-border p-3"
            data-testid="team-invitation-for-me"
          >
            <span className="min-w-0 text-sm [overflow-wrap:anywhere]">{t('invitations.from', { owner: invitation.ownerEmail })}</span>
            <span className="flex gap-2">
              <Button size="sm" disabled={disabled} onClick={() => onAccept(invitation.id)} data-testid="team-accept">
                {t('invitations.accept')}
              </Button>
              <Button size="sm" variant="outline" disabled={disabled} onClick={() => onDecline(invitation.id)} data-testid="team-decline">
                {t('invitations.decline')}
              </Button>
            </span>
          </li>
        ))}
      </ul>
    </SettingsSection>
  );
}
