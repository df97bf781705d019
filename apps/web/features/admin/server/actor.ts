import type { SessionUser } from '@/lib/auth/session';

/** The admin doing something, and from where (for the audit log). */
export type Actor = { user: SessionUser; ip: string };

export const actorOf = (actor: Actor) => ({ id: actor.user.id, email: actor.user.email ?? actor.user.phone });
