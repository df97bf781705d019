'use client';

import { useMutation } from '@tanstack/react-query';
import { Download, Loader2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { useErrorText } from '@/hooks/use-error-message';
import { toast } from '@/hooks/use-toast';
import { useApi } from '@/lib/api/use-api';
import type { PaperFile } from '../types';

/** The host a link points at, for the line under the button; null for a link that does not parse. */
function hostOf(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}

/**
 * One click fetches the paper's open-access PDF on the server (through the URL guard), stores it in My files and
 * attaches it; the button says so while it works. Shown only while the paper has no PDF.
 */
export function OpenAccessPdfButton({ paperId, url, onAttached }: { paperId: string; url: string; onAttached: (file: PaperFile) => Promise<void> }) {
  const t = useTranslations('files.paper');
  const api = useApi();
  const errorText = useErrorText();
  const fetchPdf = useMutation({
    mutationFn: () => api.fetch<{ file: PaperFile }>(`/api/library/papers/${paperId}/open-access-pdf`, { method: 'POST', body: {} }),
    onSuccess: async ({ file }) => {
      toast({ title: t('attached', { name: file.name }), variant: 'success' });
      await onAttached(file);
    },
    onError: (error) => toast({ title: t('openAccessFailed'), description: errorText(error), variant: 'destructive' }),
  });
  const host = hostOf(url);

  return (
    <div className="grid gap-1" data-testid="paper-open-access">
      <Button
        type="button"
        size="sm"
        className="w-fit max-w-full"
        onClick={() => fetchPdf.mutate()}
        disabled={fetchPdf.isPending}
        aria-busy={fetchPdf.isPending}
        data-testid="paper-open-access-attach"
      >
        {fetchPdf.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Download aria-hidden />}
        <span className="truncate">{fetchPdf.isPending ? t('openAccessFetching') : t('openAccess')}</span>
      </Button>
      {host ? <p className="text-xs break-words text-muted-foreground">{t('openAccessFrom', { host })}</p> : null}
      <span role="status" className="sr-only">
        {fetchPdf.isPending ? t('openAccessFetching') : ''}
      </span>
    </div>
  );
}
