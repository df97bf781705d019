import type { User } from '@supabase/supabase-js';

/** The public bucket of profile pictures; each person writes only under their user id (storage policies). */
export const AVATAR_BUCKET = 'avatars';
/** The bucket's limits (platform/storage's product buckets): raster images up to 1 MiB. */
export const AVATAR_MAX_BYTES = 1024 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/** Why a picture cannot be used, as a `settings.profile.avatar.*` message key; null when it can. */
export function avatarProblem(file: { type: string; size: number }): 'avatarType' | 'avatarSize' | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return 'avatarType';
  if (file.size > AVATAR_MAX_BYTES) return 'avatarSize';
  return null;
}

/**
 * The user's picture: `avatar_url` from their metadata, but only when it is a public object in their own folder
 * of the avatars bucket — anyone can write any URL into their own metadata, and the page shows only ours.
 */
export function avatarUrlOf(user: Pick<User, 'id' | 'user_metadata'> | null): string | null {
  const url = user?.user_metadata?.avatar_url;
  if (typeof url !== 'string') return null;
  try {
    const parsed = new URL(url, 'http://relative.invalid');
    if (!/^https?:$/.test(parsed.protocol)) return null;
    return parsed.pathname.includes(`/storage/v1/object/public/${AVATAR_BUCKET}/${user!.id}/`) ? url : null;
  } catch {
    return null;
  }
}
