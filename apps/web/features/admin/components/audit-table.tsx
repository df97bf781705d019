'use client';

import { useFormatter, useTranslations } from 'next-intl';
import type { AuditRow } from '../server/audit';

/** An action's name in the page's language (`user.ban` → actionNames.user_ban), or the code itself. */
export function useActionName() {
  const t = useTranslations('admin.actionNames');
  return (action: string) => {
    const key = action.replace(/\./g, '_');
    return t.has(key as 'user_ban') ? t(key as 'user_ban') : action;
  };
}

const brief = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

/** Audit entries, newest first: when, who, what, on whom, before → after, from where. */
export function AuditTable({ entries, showTarget = true }: { entries: AuditRow[]; showTarget?: boolean }) {
  const t = useTranslations('admin.audit');
  const format = useFormatter();
  const actionName = useActionName();
  if (entries.length === 0) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="audit-empty">
        {t('empty')}
      </p>
    );
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[720px] text-left text-sm" data-testid="audit-table">
        <thead className="border-b border-border text-xs text-muted-foreground uppercase">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">{t('at')}</th>
            <th scope="col" className="px-3 py-2 font-medium">{t('actor')}</th>
            <th scope="col" className="px-3 py-2 font-medium">{t('action')}</th>
            {showTarget ? <th scope="col" className="px-3 py-2 font-medium">{t('target')}</th> : null}
            <th scope="col" className="px-3 py-2 font-medium">{t('change')}</th>
            <th scope="col" className="px-3 py-2 font-medium">{t('ip')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} className="border-b border-border/60 align-top last:border-0" data-testid="audit-row" data-action={entry.action}>
              <td className="px-3 py-2 whitespace-nowrap">{format.dateTime(new Date(entry.at), { dateStyle: 'short', timeStyle: 'medium' })}</td>
              <td className="px-3 py-2">{entry.actor_email ?? (entry.actor_id ? entry.actor_id : t('commandLine'))}</td>
              <td className="px-3 py-2 font-medium">{actionName(entry.action)}</td>
              {showTarget ? <td className="max-w-56 truncate px-3 py-2">{entry.target_email ?? entry.target_id ?? '—'}</td> : null}
              <td className="max-w-80 px-3 py-2 font-mono text-xs break-all text-muted-foreground">
                {brief(entry.before)}
                {entry.before !== null && entry.after !== null ? ' → ' : ''}
                {brief(entry.after)}
              </td>
              <td className="px-3 py-2 font-mono text-xs">{entry.ip ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
