'use client';

import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/hooks/use-auth';
import { AVATAR_BUCKET, AVATAR_TYPES, avatarProblem, avatarUrlOf } from '@/lib/avatar';

const extension: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif' };

/**
 * The profile picture: uploaded to the public avatars bucket under the user's id, its public address saved in the
 * account's metadata (where the dashboard header reads it), earlier pictures removed.
 */
export function AvatarPicker() {
  const t = useTranslations('settings.profile.avatar');
  const { user, supabase } = useAuth();
  const input = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState<{ kind: 'idle' | 'busy' | 'saved' } | { kind: 'error'; key: string }>({ kind: 'idle' });
  if (!user || !supabase) return null;
  const current = avatarUrlOf(user);
  const bucket = supabase.storage.from(AVATAR_BUCKET);

  /** Removes the user's pictures other than `keep`. */
  const prune = async (keep: string | null) => {
    const { data } = await bucket.list(user.id, { limit: 100 });
    const old = (data ?? []).map((entry) => `${user.id}/${entry.name}`).filter((key) => key !== keep);
    if (old.length) await bucket.remove(old);
  };

  const upload = async (file: File) => {
    const problem = avatarProblem(file);
    if (problem) return setStatus({ kind: 'error', key: problem });
    setStatus({ kind: 'busy' });
    const key = `${user.id}/avatar-${Date.now()}.${extension[file.type]}`;
    const uploaded = await bucket.upload(key, file, { contentType: file.type, cacheControl: '31536000' });
    if (uploaded.error) return setStatus({ kind: 'error', key: 'failed' });
    const { error } = await supabase.auth.updateUser({ data: { avatar_url: bucket.getPublicUrl(key).data.publicUrl } });
    if (error) return setStatus({ kind: 'error', key: 'failed' });
    await prune(key);
    setStatus({ kind: 'saved' });
  };

  const remove = async () => {
    setStatus({ kind: 'busy' });
    const { error } = await supabase.auth.updateUser({ data: { avatar_url: null } });
    if (error) return setStatus({ kind: 'error', key: 'failed' });
    await prune(null);
    setStatus({ kind: 'idle' });
  };

  return (
    <div className="flex flex-wrap items-center gap-4" data-testid="avatar-picker">
      {current ? (
        // A user's own picture from the storage service: next/image would proxy and cache it for nothing.
        // eslint-disable-next-line @next/next/no-img-element
        <img src={current} alt={t('current')} className="size-16 rounded-full border border-border object-cover" data-testid="avatar-image" />
      ) : (
        <span className="flex size-16 items-center justify-center rounded-full bg-muted text-sm text-muted-foreground" data-testid="avatar-none">
          {t('none')}
        </span>
      )}
      <div className="grid gap-1.5">
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={status.kind === 'busy'}
            onClick={() => input.current?.click()}
            data-testid="avatar-upload"
          >
            {status.kind === 'busy' ? t('uploading') : current ? t('change') : t('upload')}
          </Button>
          {current && (
            <Button type="button" variant="ghost" size="sm" disabled={status.kind === 'busy'} onClick={() => void remove()} data-testid="avatar-remove">
              {t('remove')}
            </Button>
          )}
        </div>
        <p className="text-xs text-muted-foreground">{t('hint')}</p>
        {status.kind === 'error' && (
          <p role="alert" className="text-sm text-destructive" data-testid="avatar-error">
            {t(status.key as 'failed')}
          </p>
        )}
        {status.kind === 'saved' && (
          <p role="status" className="text-sm text-muted-foreground">
            {t('saved')}
          </p>
        )}
      </div>
      <input
        ref={input}
        type="file"
        accept={AVATAR_TYPES.join(',')}
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        data-testid="avatar-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void upload(file);
        }}
      />
    </div>
  );
}
