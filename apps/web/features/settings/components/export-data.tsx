'use client';

import { Download } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';

import { FormAlert } from '@/components/ui/form-alert';
import { SettingsSection } from '@/components/ui/settings-section';
import { useErrorMessage } from '@/hooks/use-error-message';
import { settingsErrorCodes } from '../error-codes';
import { useApi } from '@/lib/api/use-api';

/** The name the server gave the download, from Content-Disposition. */
function fileNameOf(disposition: string | null): string {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? 'citewise-export.json';
}

/** "Export all my data": GET /api/user/export, saved as one JSON file. */
export function ExportData() {
  const t = useTranslations('settings.export');
  const api = useApi();
  const toMessage = useErrorMessage(settingsErrorCodes);
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<{ kind: 'done' } | { kind: 'error'; message: string } | null>(null);

  async function download() {
    setResult(null);
    setPending(true);
    try {
      const response = await api.request<Blob>('/api/user/export', { responseType: 'blob' });
      const url = URL.createObjectURL(response._data!);
      const anchor = document.createElement('a');
      anchor.href = url;
      anchor.download = fileNameOf(response.headers.get('content-disposition'));
      document.body.append(anchor);
      anchor.click();
      anchor.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setResult({ kind: 'done' });
    } catch (error) {
      setResult({ kind: 'error', message: toMessage(error).message });
    } finally {
      setPending(false);
    }
  }

  return (
    <SettingsSection title={t('title')} description={t('lead')} testId="settings-export">
      <ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
        {(['profile', 'library', 'notes', 'files', 'ai', 'usage', 'team'] as const).map((part) => (
          <li key={part}>{t(part)}</li>
        ))}
      </ul>
      {result?.kind === 'done' ? <FormAlert kind="success" title={t('done')} testId="export-done" /> : null}
      {result?.kind === 'error' ? <FormAlert>{result.message}</FormAlert> : null}
      <div>
        <Button onClick={() => void download()} disabled={pending} data-testid="export-download">
          <Download aria-hidden />
          {pending ? t('preparing') : t('download')}
        </Button>
      </div>
    </SettingsSection>
  );
}
