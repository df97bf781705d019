'use client';

import { Download } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/input';
import { toast } from '@/hooks/use-toast';

import { useErrorText } from '@/hooks/use-error-message';
import type { StyleOption } from '@/features/papers/types';
import { useApi } from '@/lib/api/use-api';

export const exportFormats = ['bibtex', 'ris', 'csl-json', 'text'] as const;

/** Format (and style for formatted text) of an export, and the button that downloads it. */
export function ExportControls({
  count,
  styles,
  path,
  body,
  label,
}: {
  count: number;
  styles: StyleOption[];
  path: string;
  body: () => object;
  label: string;
}) {
  const t = useTranslations('research.export');
  const locale = useLocale();
  const api = useApi();
  const errorText = useErrorText();
  const [format, setFormat] = useState<(typeof exportFormats)[number]>('bibtex');
  const [style, setStyle] = useState(locale === 'zh' ? 'gb-t-7714-2015-numeric' : 'apa');
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    try {
      await api.download(path, { ...body(), format, style });
    } catch (error) {
      toast({ title: t('failed'), description: errorText(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="export-controls">
      <label>
        <span className="sr-only">{t('format')}</span>
        <select
          className={`${inputClasses} h-9 w-auto`}
          value={format}
          onChange={(event) => setFormat(event.target.value as typeof format)}
          data-testid="export-format"
        >
          {exportFormats.map((id) => (
            <option key={id} value={id}>
              {t(`formats.${id}`)}
            </option>
          ))}
        </select>
      </label>
      {format === 'text' ? (
        <label>
          <span className="sr-only">{t('style')}</span>
          <select
            className={`${inputClasses} h-9 w-auto max-w-[16rem]`}
            value={style}
            onChange={(event) => setStyle(event.target.value)}
            data-testid="export-style"
          >
            {styles.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <Button type="button" size="sm" onClick={download} disabled={busy || count === 0} data-testid="export-download">
        <Download aria-hidden />
        {label}
      </Button>
    </div>
  );
}
