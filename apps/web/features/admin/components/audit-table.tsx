'use client';

import { useFormatter, useTranslations } from 'next-intl';
import type { AuditRow } from '../server/audit';
import { adminDateTime } from '../date-format';

/** An action's name in the page's language (`user.ban` → actionNames.user_ban), or the code itself. */
export function useActionName() {
  const t = useTranslations('admin.actionNames');
  return (action: string) => {
    const key = action.replace(/\./g, '_');
    return t.has(key as 'user_ban') ? t(key as 'user_ban') : action;
  };
}

const shown = (value: unknown) => (value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value));
const fields = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** Before and after, one line per field that either side has: `field: before → after`. */
function Change({ before, after }: { before: unknown; after: unknown }) {
  const a = fields(before);
  const b = fields(after);
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  if (keys.length === 0) return <span>—</span>;
  return (
    <ul className="grid gap-0.5">
      {keys.map((key) => (
        <li key={key} className="break-words">
          <span className="text-foreground">{key}</span>: {key in a ? shown(a[key]) : '—'} → {key in b ? shown(b[key]) : '—'}
        </li>
      ))}
    </ul>
  );
}

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
      <table className="w-full min-w-[860px] text-left text-sm" data-testid="audit-table">
        <thead className="border-b border-border text-xs text-muted-foreground uppercase">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              {t('at')}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {t('actor')}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {t('action')}
            </th>
            {showTarget ? (
              <th scope="col" className="px-3 py-2 font-medium">
                {t('target')}
              </th>
            ) : null}
            <th scope="col" className="px-3 py-2 font-medium">
              {t('change')}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {t('ip')}
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} className="border-b border-border/60 align-top last:border-0" data-testid="audit-row" data-action={entry.action}>
              <td className="px-3 py-2 whitespace-nowrap">{format.dateTime(new Date(entry.at), adminDateTime)}</td>
              <td className="px-3 py-2">{entry.actor_email ?? (entry.actor_id ? entry.actor_id : t('commandLine'))}</td>
              <td className="px-3 py-2 font-medium whitespace-nowrap">{actionName(entry.action)}</td>
              {showTarget ? <td className="max-w-56 truncate px-3 py-2">{entry.target_email ?? entry.target_id ?? '—'}</td> : null}
              <td className="min-w-72 px-3 py-2 font-mono text-xs text-muted-foreground">
                <Change before={entry.before} after={entry.after} />
              </td>
              <td className="px-3 py-2 font-mono text-xs">{entry.ip ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
