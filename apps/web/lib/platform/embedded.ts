/** The embedded auth service runs unless SUPABASE_URL points the product at another auth server. */
export function embeddedAuthEnabled(env: NodeJS.ProcessEnv = process.env) {
  return !env.SUPABASE_URL?.trim();
}
