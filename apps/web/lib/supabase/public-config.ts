/**
 * What the browser needs to talk to the auth service, and what the sign-in pages show. Served by
 * GET /api/auth/config (the static auth pages) and passed to signed-in layouts directly. In embedded mode the
 * anon key is generated at first start, so it cannot be baked into the build.
 */
export type PublicAuthConfig = {
  /** The Supabase URL; null means this site's own `/platform` (the embedded service). */
  url: string | null;
  anonKey: string;
  /** The session cookie's name and attributes, identical on server and browser. */
  cookieOptions: { name: string; secure: boolean };
  /** Sign-in providers switched on in the auth service (`GET /settings`), with their display names. */
  providers: { id: string; name: string }[];
  email: boolean;
  phone: boolean;
  signupDisabled: boolean;
  /** The dev mailbox, while mail and SMS go there instead of to people; null once real providers are set. */
  mailbox: string | null;
  /** The password rules the service checks (its `weak_password` reasons `length` and `characters`). */
  passwordPolicy: { minLength: number; requiredCharacters: string[] };
};
