'use client';

import type { CheckedField, FieldCheck } from '@citewise/scholar';
import { clsx } from 'clsx';
import { Check, CircleDashed, SpellCheck, X } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';

const verdictLook = {
  matched: { icon: Check, className: 'text-success' },
  slip: { icon: SpellCheck, className: 'text-teal-700 dark:text-teal-300' },
  different: { icon: X, className: 'text-amber-700 dark:text-amber-300' },
  not_in_record: { icon: CircleDashed, className: 'text-muted-foreground' },
} as const;

/** "title", "authors, year and journal": field names inside a sentence, in the reader's language. */
export function useFieldList() {
  const t = useTranslations('research.check.fieldNames');
  const locale = useLocale();
  return (fields: CheckedField[]) => new Intl.ListFormat(locale, { type: 'conjunction' }).format(fields.map((field) => t(field)));
}

/**
 * Every field a reference gives, what the record says and the verdict: matched, a slip the record corrects, a
 * different value, or not in any record (so neither confirmed nor contradicted). The record's value is shown for
 * every difference, however small.
 */
export function FieldVerdicts({ fields }: { fields: FieldCheck[] }) {
  const t = useTranslations('research.check');
  if (!fields.length) return null;
  return (
    <table className="w-full table-fixed text-left text-sm" data-testid="field-verdicts">
      <caption className="sr-only">{t('fieldsCaption')}</caption>
      <thead className="text-xs text-muted-foreground">
        <tr>
          <th scope="col" className="w-[30%] py-1 pr-2 font-medium sm:w-[22%]">
            {t('field')}
          </th>
          <th scope="col" className="py-1 pr-2 font-medium">
            {t('yours')}
          </th>
          <th scope="col" className="py-1 font-medium">
            {t('record')}
          </th>
        </tr>
      </thead>
      <tbody>
        {fields.map((field) => {
          const look = verdictLook[field.verdict];
          const Icon = look.icon;
          return (
            <tr key={field.field} className="border-t border-border align-top" data-testid="field-row" data-field={field.field} data-verdict={field.verdict}>
              <th scope="row" className="py-1.5 pr-2 font-medium">
                <span className="block">{t(`fields.${field.field}`)}</span>
                <span className={clsx('inline-flex items-center gap-1 text-xs font-normal', look.className)} data-testid="field-verdict">
                  <Icon className="size-3.5 shrink-0" aria-hidden />
                  {t(`verdicts.${field.verdict}`)}
                </span>
              </th>
              <td className={clsx('py-1.5 pr-2 [overflow-wrap:anywhere]', field.verdict === 'not_in_record' && 'italic')}>{field.expected ?? '—'}</td>
              <td className="py-1.5 [overflow-wrap:anywhere]" data-testid="field-record">
                {field.verdict === 'not_in_record' ? (
                  <span className="text-muted-foreground">{t('notInRecord')}</span>
                ) : (
                  (field.found ?? t('resolvesToNothing'))
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
