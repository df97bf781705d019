/**
 * Where sign-in sends people and which pages need it. Paths are written without the language prefix:
 * `/dashboard/**` guards `/zh/dashboard/**` too, and the login path is localised for the visitor.
 *
 * Patterns: `*` matches within one path segment, `**` matches any number of segments (none included, so
 * `/dashboard/**` also matches `/dashboard`). A trailing slash is ignored.
 */
export type AuthGuardConfig = {
  /** Where a signed-out visitor on a guarded page is sent. Never guarded. */
  loginPath: string;
  /** Areas with a sign-in page of their own: a signed-out visitor on a matching path goes there instead. */
  areaLogins: readonly { pattern: string; loginPath: string }[];
  /** Where sign-in flows (mailed links, OAuth) come back to. Never guarded. */
  callbackPaths: readonly string[];
  /**
   * When not empty, only paths matching one of these patterns are guarded; when empty, every page is
   * guarded except the login, callback and excluded paths.
   */
  include: readonly string[];
  /** Never guarded, even when an include pattern matches. */
  exclude: readonly string[];
  /** Remembers the page a visitor wanted (full path with language prefix and query) while they sign in. */
  redirectCookie: { name: string; maxAgeSeconds: number };
  /** Where a signed-in user lands when no valid redirect was asked for. */
  afterSignInPath: string;
  /** Where signing out leads. */
  afterSignOutPath: string;
};

export const authGuard: AuthGuardConfig = {
  loginPath: '/auth/signin',
  areaLogins: [{ pattern: '/admin/**', loginPath: '/admin/login' }],
  callbackPaths: ['/api/auth/callback', '/api/auth/confirm', '/api/auth/oauth/callback'],
  // /ai/workflow/** is a public page (marketing layout) that asks a signed-out visitor to sign in to run it.
  include: ['/dashboard/**', '/ai/chat/**', '/ai/completion/**', '/ai/research', '/admin/**'],
  exclude: ['/admin/login'],
  redirectCookie: { name: 'citewise-redirect', maxAgeSeconds: 10 * 60 },
  afterSignInPath: '/dashboard',
  afterSignOutPath: '/',
};
