'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ExternalLink, FileText, FolderOpen, Unlink, Upload } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/query-state';
import { useAuth } from '@/hooks/use-auth';
import { FILES_BUCKET, fileKey } from '@/lib/files/file-keys';
import { storageProblem } from '@/lib/supabase/storage-problem';
import { PdfViewer, type PdfTarget } from '@/components/pdf/pdf-viewer';

import { useErrorText } from '@/hooks/use-error-message';
import { toast } from '@/hooks/use-toast';
import type { PaperFile } from '../types';
import { OpenAccessPdfButton } from './open-access-pdf-button';
import { PaperFilePicker } from './paper-file-picker';
import { useApi } from '@/lib/api/use-api';

/** Signed links to read an attached PDF live this long (a reading session). */
const LINK_SECONDS = 3600;

/**
 * The PDFs attached to one saved paper: read one in the page (or in a new tab), detach it, attach another by
 * uploading it into My files, by choosing one already there, or (for a paper with an open-access PDF and no PDF yet) by
 * fetching that one in a click.
 */
export function PaperFiles({ paperId, openAccessPdf = null }: { paperId: string; openAccessPdf?: string | null }) {
  const t = useTranslations('files.paper');
  const tp = useTranslations('files.problem');
  const api = useApi();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const { supabase, user } = useAuth();
  const input = useRef<HTMLInputElement>(null);
  const [picking, setPicking] = useState(false);
  const [uploading, setUploading] = useState<string | null>(null);
  const [viewing, setViewing] = useState<PdfTarget | null>(null);
  const queryKey = ['library-paper-files', paperId];

  const files = useQuery({ queryKey, queryFn: () => api.fetch<{ files: PaperFile[] }>(`/api/library/papers/${paperId}/files`).then((r) => r.files) });
  const done = () => queryClient.invalidateQueries({ queryKey });

  const attach = useMutation({
    mutationFn: (key: string) => api.fetch<{ file: PaperFile }>(`/api/library/papers/${paperId}/files`, { method: 'POST', body: { key } }),
    onSuccess: async ({ file }) => {
      setPicking(false);
      toast({ title: t('attached', { name: file.name }), variant: 'success' });
      await done();
    },
    onError: (error) => toast({ title: t('attachFailed'), description: errorText(error), variant: 'destructive' }),
  });
  const detach = useMutation({
    mutationFn: (file: PaperFile) => api.fetch(`/api/library/papers/${paperId}/files/${file.objectId}`, { method: 'DELETE' }),
    onSuccess: async () => {
      toast({ title: t('detached'), variant: 'success' });
      await done();
    },
    onError: (error) => toast({ title: t('detachFailed'), description: errorText(error), variant: 'destructive' }),
  });

  const signed = async (file: PaperFile) => {
    const { data, error } = await supabase!.storage.from(FILES_BUCKET).createSignedUrl(file.key, LINK_SECONDS);
    if (error || !data) {
      toast({ title: t('openFailed'), description: tp(storageProblem(error)), variant: 'destructive' });
      if (storageProblem(error) === 'notFound') await done();
      return null;
    }
    return data.signedUrl;
  };
  const read = async (file: PaperFile) => {
    const url = await signed(file);
    if (url) setViewing({ name: file.name, url });
  };
  const newTab = async (file: PaperFile) => {
    // Opened before the link is known, so the browser counts it as the click's own window.
    const tab = window.open('', '_blank');
    const url = await signed(file);
    if (tab) {
      tab.opener = null;
      if (url) tab.location.href = url;
      else tab.close();
    }
  };

  // A new PDF goes to the top of My files under its own name, then is attached by its key.
  const upload = async (file: File) => {
    if (!supabase || !user) return;
    if (file.type && file.type !== 'application/pdf' && !file.name.toLowerCase().endsWith('.pdf')) {
      toast({ title: t('uploadFailed'), description: t('onlyPdf'), variant: 'destructive' });
      return;
    }
    const key = fileKey(user.id, [], file.name);
    setUploading(file.name);
    const { error } = await supabase.storage.from(FILES_BUCKET).upload(key, file, { contentType: 'application/pdf', cacheControl: '3600', upsert: false });
    setUploading(null);
    if (error) {
      toast({ title: t('uploadFailed'), description: tp(storageProblem(error)), variant: 'destructive' });
      return;
    }
    attach.mutate(key);
  };

  const list = files.data ?? [];
  return (
    <section className="grid gap-3 rounded-lg border border-border bg-background/60 p-4" aria-labelledby={`paper-files-${paperId}`} data-testid="paper-files">
      <h3 id={`paper-files-${paperId}`} className="font-medium">
        {t('heading')}
      </h3>
      {files.isPending ? (
        <p className="text-sm text-muted-foreground" role="status">
          {t('loading')}
        </p>
      ) : files.isError ? (
        <LoadError message={errorText(files.error)} retryLabel={t('retry')} onRetry={() => void files.refetch()} />
      ) : list.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="paper-files-empty">
          {t('empty')}
        </p>
      ) : (
        <ul className="grid gap-2">
          {list.map((file) => (
            <li key={file.objectId} className="flex flex-wrap items-center gap-2" data-testid="paper-file" data-name={file.name}>
              <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              <div className="min-w-0 flex-1">
                <button
                  type="button"
                  className="block max-w-full truncate text-left text-sm font-medium text-primary underline-offset-4 hover:underline"
                  onClick={() => void read(file)}
                  data-testid="paper-file-read"
                >
                  {file.name}
                  <span className="sr-only"> {t('readHere')}</span>
                </button>
                {file.folder.length ? <p className="truncate text-xs text-muted-foreground">{t('inFolder', { folder: file.folder.join(' / ') })}</p> : null}
              </div>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="h-8 px-2"
                aria-label={t('newTab', { name: file.name })}
                onClick={() => void newTab(file)}
              >
                <ExternalLink aria-hidden />
              </Button>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="h-8 px-2"
                aria-label={t('detach', { name: file.name })}
                onClick={() => detach.mutate(file)}
                disabled={detach.isPending}
                data-testid="paper-file-detach"
              >
                <Unlink aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {openAccessPdf && files.isSuccess && !list.some((file) => file.type === 'application/pdf') ? (
        <OpenAccessPdfButton paperId={paperId} url={openAccessPdf} onAttached={done} />
      ) : null}
      <div className="flex flex-wrap gap-2">
        <input
          ref={input}
          type="file"
          accept="application/pdf,.pdf"
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void upload(file);
          }}
          data-testid="paper-file-input"
        />
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => input.current?.click()}
          disabled={!supabase || Boolean(uploading) || attach.isPending}
          data-testid="paper-file-upload"
        >
          <Upload aria-hidden />
          {uploading ? t('uploading', { name: uploading }) : t('upload')}
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={() => setPicking((open) => !open)} aria-expanded={picking} data-testid="paper-file-choose">
          <FolderOpen aria-hidden />
          {t('choose')}
        </Button>
      </div>
      {picking ? (
        <PaperFilePicker
          attached={new Set(list.map((file) => file.objectId))}
          busy={attach.isPending}
          onPick={(file) => attach.mutate(file.key)}
          onCancel={() => setPicking(false)}
        />
      ) : null}
      <PdfViewer file={viewing} onClose={() => setViewing(null)} />
    </section>
  );
}
