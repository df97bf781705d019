'use client';

import { clsx } from 'clsx';
import { Upload as UploadIcon, X } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { formatBytes } from '@/lib/format-bytes';
import type { Upload } from '../client/use-uploads';
import { Bar } from '@/components/ui/progress-bar';

type Props = {
  uploads: Upload[];
  limitsText: string;
  disabled: boolean;
  onFiles: (files: File[]) => void;
  onCancel: (id: string) => void;
  onDismiss: (id: string) => void;
};

/** Drop files here or choose them; each upload shows its progress, and a refusal says why in words. */
export function UploadZone({ uploads, limitsText, disabled, onFiles, onCancel, onDismiss }: Props) {
  const t = useTranslations('files.upload');
  const tp = useTranslations('files.problem');
  const locale = useLocale();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  return (
    <section aria-labelledby="files-upload-heading" className="grid gap-3">
      <h2 id="files-upload-heading" className="sr-only">
        {t('heading')}
      </h2>
      <div
        data-testid="files-drop-zone"
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(event) => {
          event.preventDefault();
          setOver(false);
          if (!disabled) onFiles([...event.dataTransfer.files]);
        }}
        className={clsx(
          'grid place-items-center gap-2 rounded-xl border-2 border-dashed p-6 text-center text-sm transition-colors',
          over ? 'border-primary bg-primary/5' : 'border-border bg-card',
        )}
      >
        <UploadIcon className="size-6 text-muted-foreground" aria-hidden />
        <p>{t('drop')}</p>
        <Button type="button" variant="outline" size="sm" disabled={disabled} onClick={() => input.current?.click()} data-testid="files-choose">
          {t('choose')}
        </Button>
        <p className="text-xs text-muted-foreground">{limitsText}</p>
        <input
          ref={input}
          type="file"
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          data-testid="files-input"
          onChange={(event) => {
            onFiles([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
      </div>
      {uploads.length > 0 && (
        <ul className="grid gap-2" aria-label={t('list')} data-testid="files-uploads">
          {uploads.map((upload) => (
            <li
              key={upload.id}
              className="grid gap-1 rounded-lg border border-border bg-card p-3 text-sm"
              data-testid="files-upload"
              data-status={upload.status}
            >
              <div className="flex items-center justify-between gap-2">
                <span className="min-w-0 truncate font-medium">{upload.name}</span>
                <span className="shrink-0 text-xs text-muted-foreground">{formatBytes(upload.size, locale)}</span>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  className="h-7 px-2"
                  aria-label={upload.status === 'uploading' ? t('cancel', { name: upload.name }) : t('dismiss', { name: upload.name })}
                  onClick={() => (upload.status === 'uploading' ? onCancel(upload.id) : onDismiss(upload.id))}
                >
                  <X aria-hidden />
                </Button>
              </div>
              {upload.status === 'failed' ? (
                <p role="alert" className="text-destructive">
                  {tp(upload.problem ?? 'failed')}
                </p>
              ) : (
                <div className="flex items-center gap-2">
                  <Bar value={upload.progress} label={t('progress', { name: upload.name })} />
                  <span className="w-12 shrink-0 text-right text-xs tabular-nums" aria-live={upload.status === 'done' ? 'polite' : undefined}>
                    {upload.status === 'done' ? t('done') : `${Math.round(upload.progress * 100)}%`}
                  </span>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
