'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import type { SearchPage } from '../server/search-page-type';

/** Entries shown before "+N more": a few keywords show whole, a pasted sentence keeps to one line or two. */
const SHOWN = 3;

/**
 * "Also searched in English: 图神经网络 → graph neural network (glossary) · 推荐 → recommend (dictionary)": what a
 * search translated and how (the scientific glossary, the general dictionary, or the AI model), in the results'
 * summary row, with the switch to search only as written.
 */
export function TranslationNote({ translation, onTranslationOff }: { translation: NonNullable<SearchPage['translation']>; onTranslationOff: () => void }) {
  const t = useTranslations('research.results');
  // Chinese puts no space after "：" or before "（".
  const space = useLocale() === 'zh' ? '' : ' ';
  const [all, setAll] = useState(false);
  const entries = translation.shown;
  const shown = all ? entries : entries.slice(0, SHOWN);
  return (
    <div className="flex min-w-0 flex-wrap items-baseline gap-x-3 gap-y-1 text-sm" data-testid="translation-note">
      <p className="min-w-0">
        <span>
          {t(translation.to === 'en' ? 'alsoSearchedEn' : 'alsoSearchedZh')}
          {space}
        </span>
        {shown.map((entry, i) => (
          <span key={`${entry.source}\u0000${entry.target}`} data-testid="translation-entry" data-via={entry.via}>
            {i > 0 ? <span aria-hidden> · </span> : null}
            <span lang={translation.from}>{entry.source}</span>
            {' → '}
            <span lang={translation.to} className="font-medium">
              {entry.target}
            </span>
            {space}
            <span className="text-muted-foreground">{t(`via.${entry.via}`)}</span>
          </span>
        ))}
        {entries.length > SHOWN ? (
          <Button
            type="button"
            variant="link"
            size="sm"
            className="ml-2 h-auto p-0"
            aria-expanded={all}
            onClick={() => setAll(!all)}
            data-testid="translation-more"
          >
            {all ? t('translationFewer') : t('translationMore', { count: entries.length - SHOWN })}
          </Button>
        ) : null}
      </p>
      <Button type="button" variant="link" size="sm" className="h-auto p-0" onClick={onTranslationOff} data-testid="translation-off">
        {t('translationOff')}
      </Button>
    </div>
  );
}
