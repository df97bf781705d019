/**
 * Whether this browser holds a Supabase session cookie, and for whom — read without loading supabase-js, so
 * the public pages stay light. It says nothing about the session still being valid (the server decides that
 * on the next signed-in page), only how to greet the reader.
 */
const SESSION_COOKIE = /^sb-[a-z0-9-]+-auth-token(?:\.(\d+))?$/;

export function sessionHint(cookieString: string): { email: string | null } | null {
  const chunks = new Map<number, string>();
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=');
    const name = part.slice(0, eq).trim();
    const match = SESSION_COOKIE.exec(name);
    if (match && eq > 0) chunks.set(match[1] ? Number(match[1]) : -1, part.slice(eq + 1).trim());
  }
  if (chunks.size === 0) return null;
  const value = chunks.has(-1)
    ? chunks.get(-1)!
    : [...chunks.entries()]
        .sort(([a], [b]) => a - b)
        .map(([, chunk]) => chunk)
        .join('');
  try {
    const text = decodeURIComponent(value);
    const json = text.startsWith('base64-')
      ? new TextDecoder().decode(Uint8Array.from(atob(text.slice(7).replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)))
      : text;
    const session = JSON.parse(json) as { user?: { email?: string; phone?: string } };
    return { email: session.user?.email || (session.user?.phone ? `+${session.user.phone}` : null) };
  } catch {
    return { email: null };
  }
}
