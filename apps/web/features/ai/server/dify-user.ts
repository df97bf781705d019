// Dify's `user` field for a Citewise account, and back. The proxy sets it from the verified session only.

/** The end user Dify sees: the verified user, never what the browser said (docs/protocols/dify.md §5). */
export const difyUser = (userId: string) => `cw:${userId}`;

const DIFY_USER = /^cw:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The account id of an end user set by the proxy, or null for any other end user. */
export function userIdOfDifyUser(endUser: string): string | null {
  return DIFY_USER.exec(endUser)?.[1] ?? null;
}
