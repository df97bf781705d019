'use client';

import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useMemo, useState } from 'react';
import { LoadError, LoadingCards } from '@/components/ui/query-state';
import { useAuth } from '@/hooks/use-auth';
import { useDebounced } from '@/hooks/use-debounced';

import { decodeName, encodeName, FILES_BUCKET, FILES_PAGE_SIZE, fileKey, folderPrefix, FOLDER_PLACEHOLDER } from '@/lib/files/file-keys';
import { formatBytes } from '@/lib/format-bytes';
import { storageProblem, unwrap } from '@/lib/supabase/storage-problem';
import { useUploads } from '../client/use-uploads';
import type { FilesUsage } from '../types';
import { FileList } from './file-list';
import type { FileEntry } from './file-row';
import { FilesToolbar } from './files-toolbar';
import { PdfViewer, type PdfTarget } from '@/components/pdf/pdf-viewer';
import { UploadZone } from './upload-zone';
import { UsageMeter } from './usage-meter';
import { useApi } from '@/lib/api/use-api';

/** Signed links to open and download a page of files live this long; the page renews them before. */
const LINK_SECONDS = 3600;

type Props = { userId: string; storageUrl: string; anonKey: string };
export type Listing = { folders: { name: string; segment: string }[]; files: FileEntry[]; full: boolean };

/**
 * My files: the signed-in person's folder of the private `files` bucket, reached with their own session through
 * supabase-js (the storage policies decide), uploads with progress, and usage against the plan.
 */
export function FilesApp({ userId, storageUrl, anonKey }: Props) {
  const t = useTranslations('files');
  const locale = useLocale();
  const api = useApi();
  const { supabase } = useAuth();
  const queryClient = useQueryClient();
  const [folder, setFolder] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const [viewing, setViewing] = useState<PdfTarget | null>(null);
  const prefix = folderPrefix(userId, folder);
  const query = useDebounced(search.trim(), 250);

  const usage = useQuery({ queryKey: ['files-usage', userId], queryFn: () => api.fetch<FilesUsage>('/api/files/usage') });

  const listing = useInfiniteQuery({
    queryKey: ['files', userId, prefix, query],
    enabled: Boolean(supabase),
    initialPageParam: 0,
    getNextPageParam: (last: Listing, pages) => (last.full ? pages.length * FILES_PAGE_SIZE : undefined),
    queryFn: async ({ pageParam }): Promise<Listing> => {
      const entries = unwrap(
        await supabase!.storage
          .from(FILES_BUCKET)
          .list(prefix.slice(0, -1), { limit: FILES_PAGE_SIZE, offset: pageParam, search: encodeName(query), sortBy: { column: 'name', order: 'asc' } }),
      );
      return {
        full: entries.length === FILES_PAGE_SIZE,
        folders: entries.filter((e) => e.id === null).map((e) => ({ segment: e.name, name: decodeName(e.name) })),
        files: entries
          .filter((e) => e.id !== null && e.name !== FOLDER_PLACEHOLDER)
          .map((e) => {
            const metadata = (e.metadata ?? {}) as { size?: number; mimetype?: string };
            return {
              key: `${prefix}${e.name}`,
              name: decodeName(e.name),
              size: metadata.size ?? 0,
              type: metadata.mimetype ?? '',
              updatedAt: e.updated_at ?? e.created_at ?? new Date().toISOString(),
            };
          }),
      };
    },
  });

  const files = useMemo(() => listing.data?.pages.flatMap((page) => page.files) ?? [], [listing.data]);
  const folders = useMemo(() => listing.data?.pages.flatMap((page) => page.folders) ?? [], [listing.data]);
  const keys = files.map((file) => file.key);
  const links = useQuery({
    queryKey: ['files-links', keys],
    enabled: Boolean(supabase) && keys.length > 0,
    staleTime: (LINK_SECONDS - 300) * 1000,
    refetchInterval: (LINK_SECONDS - 300) * 1000,
    queryFn: async () => {
      const signed = unwrap(await supabase!.storage.from(FILES_BUCKET).createSignedUrls(keys, LINK_SECONDS));
      return new Map(signed.flatMap((s) => (s.path && s.signedUrl ? [[s.path, s.signedUrl] as const] : [])));
    },
  });

  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['files', userId] });
    void queryClient.invalidateQueries({ queryKey: ['files-usage', userId] });
  }, [queryClient, userId]);

  const target = useCallback(async () => {
    const { data } = await supabase!.auth.getSession();
    return { storageUrl, anonKey, accessToken: data.session?.access_token ?? '' };
  }, [supabase, storageUrl, anonKey]);
  const uploads = useUploads({ userId, folder, usage: usage.data, target, onUploaded: refresh });

  const rename = async (file: FileEntry, to: string[], name: string) => {
    const destination = fileKey(userId, to, name);
    if (destination === file.key) return null;
    const { error } = await supabase!.storage.from(FILES_BUCKET).move(file.key, destination);
    if (error) return storageProblem(error);
    refresh();
    return null;
  };
  const remove = async (file: FileEntry) => {
    const { error } = await supabase!.storage.from(FILES_BUCKET).remove([file.key]);
    if (error) return storageProblem(error);
    refresh();
    return null;
  };
  const removeFolder = async (segment: string) => {
    // Only an empty folder goes: one that holds nothing but the placeholder "New folder" put there.
    const inside = await supabase!.storage.from(FILES_BUCKET).list(`${prefix}${segment}`, { limit: 2 });
    if (inside.error) return storageProblem(inside.error);
    if (inside.data.some((entry) => entry.name !== FOLDER_PLACEHOLDER)) return 'notEmpty' as const;
    const { error } = await supabase!.storage.from(FILES_BUCKET).remove([`${prefix}${segment}/${FOLDER_PLACEHOLDER}`]);
    if (error) return storageProblem(error);
    refresh();
    return null;
  };
  const createFolder = async (name: string) => {
    const { error } = await supabase!.storage.from(FILES_BUCKET).upload(`${prefix}${encodeName(name)}/${FOLDER_PLACEHOLDER}`, new Blob([]), { upsert: true });
    if (error) return storageProblem(error);
    refresh();
    return null;
  };

  const limits = usage.data;
  const limitsText = limits ? t('upload.limits', { size: limits.fileSizeLimit === null ? '—' : formatBytes(limits.fileSizeLimit, locale) }) : '';

  return (
    <div className="grid grid-cols-1 gap-6">
      {usage.isError ? (
        <LoadError message={t('usageFailed')} retryLabel={t('retry')} onRetry={() => void usage.refetch()} />
      ) : usage.data ? (
        <UsageMeter usage={usage.data} />
      ) : null}
      <UploadZone
        uploads={uploads.uploads}
        limitsText={limitsText}
        disabled={!supabase || !usage.data}
        onFiles={uploads.add}
        onCancel={uploads.cancel}
        onDismiss={uploads.dismiss}
      />
      <FilesToolbar
        folder={folder}
        onFolder={(next) => {
          setFolder(next);
          setSearch('');
        }}
        search={search}
        onSearch={setSearch}
        onCreateFolder={createFolder}
      />
      {listing.isPending ? (
        <LoadingCards label={t('list.loading')} count={3} className="h-14" />
      ) : listing.isError ? (
        <LoadError message={t('list.failed')} retryLabel={t('retry')} onRetry={() => void listing.refetch()} testId="files-list-error" />
      ) : (
        <FileList
          folder={folder}
          folders={folders}
          files={files}
          links={links.data}
          searching={search.trim() !== ''}
          hasMore={listing.hasNextPage}
          loadingMore={listing.isFetchingNextPage}
          onMore={() => void listing.fetchNextPage()}
          onOpenFolder={(name) => {
            setFolder([...folder, name]);
            setSearch('');
          }}
          onRename={rename}
          onDelete={remove}
          onPreview={(file) => {
            const url = links.data?.get(file.key);
            if (url) setViewing({ name: file.name, url });
          }}
          onDeleteFolder={removeFolder}
        />
      )}
      <PdfViewer file={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}
