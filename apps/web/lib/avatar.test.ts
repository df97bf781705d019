import { describe, expect, it } from 'vitest';
import { avatarProblem, avatarUrlOf } from './avatar';

const id = '0b5f7a63-9a4e-4a53-8a4a-0d7d2b1a9c11';

describe('profile pictures', () => {
  it('takes raster images up to 1 MiB', () => {
    expect(avatarProblem({ type: 'image/png', size: 1024 })).toBeNull();
    expect(avatarProblem({ type: 'image/svg+xml', size: 10 })).toBe('avatarType');
    expect(avatarProblem({ type: 'image/jpeg', size: 1024 * 1024 + 1 })).toBe('avatarSize');
  });

  it('shows only a public object in the user’s own avatar folder', () => {
    const own = `http://localhost:3000/platform/storage/v1/object/public/avatars/${id}/avatar-1.png`;
    expect(avatarUrlOf({ id, user_metadata: { avatar_url: own } })).toBe(own);
    expect(avatarUrlOf({ id, user_metadata: { avatar_url: own.replace(id, 'someone-else') } })).toBeNull();
    expect(avatarUrlOf({ id, user_metadata: { avatar_url: 'https://tracker.example/pixel.png' } })).toBeNull();
    expect(avatarUrlOf({ id, user_metadata: { avatar_url: `javascript:alert(1)//storage/v1/object/public/avatars/${id}/` } })).toBeNull();
    expect(avatarUrlOf({ id, user_metadata: {} })).toBeNull();
  });
});
