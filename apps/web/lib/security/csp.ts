import fs from 'node:fs';
import path from 'node:path';

/**
 * The Content-Security-Policy of every page, set by proxy.ts.
 *
 * Two kinds of pages, one policy shape:
 * - Pages rendered per request (dashboard, AI tools, research, admin, sign-in) get a fresh nonce and
 *   `'strict-dynamic'`: Next reads the nonce from the request's CSP header and puts it on its own scripts, which
 *   may then load the rest. The theme script of next-themes is the same on every page and is allowed by hash.
 * - Prerendered pages (home, product pages, docs, blog, pricing, legal) are served as built, so they cannot carry
 *   a nonce. `scripts/csp-hashes.mjs` lists the SHA-256 of each one's inline scripts after the build; their policy
 *   allows those scripts and same-origin files. They show no user content.
 * Whether a page is prerendered comes from that list, not from a route table: a page Next renders per request
 * never appears in it.
 */

export type CspManifest = {
  /** The hashes of the inline scripts every page carries (the theme script), for the nonce policy. */
  fixed: string[];
  /** Prerendered route (`/en/pricing`) → the hashes of its inline scripts; null: regenerated while serving. */
  pages: Record<string, string[] | null>;
};

export type PolicyOptions = {
  /** Sources the script-src allows besides the directives below. */
  scripts: string[];
  /** Other origins the browser talks to (an external Supabase project). */
  connect?: string[];
  /** The origin user content is served from (STORAGE_PUBLIC_URL): pictures shown and PDFs read from there. */
  userContent?: string[];
  /** `next dev` evaluates code for its debugging overlay; never in a production build. */
  development?: boolean;
};

/** A policy as a header value. No 'unsafe-eval' outside `next dev`. */
export function contentSecurityPolicy({ scripts, connect = [], userContent = [], development = false }: PolicyOptions): string {
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', ...scripts, ...(development ? ["'unsafe-eval'"] : [])],
    // KaTeX and the UI library position things with style attributes; styles cannot run code.
    ['style-src', "'self'", "'unsafe-inline'"],
    // The two-step QR code is a data: image; uploads are previewed as blob: URLs.
    ['img-src', "'self'", 'data:', 'blob:', ...userContent],
    ['font-src', "'self'", 'data:'],
    ['connect-src', "'self'", ...connect, ...userContent, ...(development ? ['ws:'] : [])],
    ['media-src', "'self'", 'blob:'],
    ['worker-src', "'self'", 'blob:'],
    ['frame-src', "'none'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((directive) => directive.join(' ')).join('; ');
}

/** Strict-Transport-Security for a site served over https (SITE_URL at build time): a year, subdomains left alone. */
export function strictTransportHeaders(siteUrl: string | undefined): { key: string; value: string }[] {
  return siteUrl?.trim().toLowerCase().startsWith('https://') ? [{ key: 'Strict-Transport-Security', value: 'max-age=31536000' }] : [];
}

/** A fresh nonce: 128 random bits, base64. */
export function createNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
}

/** The origin of a URL setting the browser talks to (SUPABASE_URL, STORAGE_PUBLIC_URL), if it names one. */
export function externalOrigins(supabaseUrl: string | undefined): string[] {
  if (!supabaseUrl) return [];
  try {
    return [new URL(supabaseUrl).origin];
  } catch {
    return [];
  }
}

/** The route a prerendered page was built under for a request path (`/pricing` → `/en/pricing`, `/` → `/en`). */
export function prerenderedRoute(locale: string, path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return trimmed === '/' ? `/${locale}` : `/${locale}${trimmed}`;
}

export type PagePolicy = { policy: string; nonce: string | null };

/**
 * The policy for one page request. `manifest` is null when the build has no hash list (a build made without
 * scripts/csp-hashes.mjs).
 */
export function pagePolicy(route: string, manifest: CspManifest | null, options: Omit<PolicyOptions, 'scripts'> = {}): PagePolicy {
  const { development } = options;
  if (development) {
    // `next dev` renders every page per request but also injects its own unhashed scripts: no nonce there.
    return { policy: contentSecurityPolicy({ ...options, scripts: ["'self'", "'unsafe-inline'"] }), nonce: null };
  }
  if (route.endsWith('.xml')) {
    // A feed runs no script, and its answer is cached like a static file: one fixed policy, never a nonce.
    return { policy: contentSecurityPolicy({ ...options, scripts: ["'none'"] }), nonce: null };
  }
  const hashes = manifest ? manifest.pages[route] : undefined;
  if (hashes) {
    return { policy: contentSecurityPolicy({ ...options, scripts: ["'self'", ...hashes] }), nonce: null };
  }
  if (hashes === null || !manifest) {
    // Regenerated pages, or a production build without its hash list: same-origin files and inline scripts.
    return { policy: contentSecurityPolicy({ ...options, scripts: ["'self'", "'unsafe-inline'"] }), nonce: null };
  }
  const nonce = createNonce();
  const scripts = [`'nonce-${nonce}'`, "'strict-dynamic'", ...manifest.fixed];
  return { policy: contentSecurityPolicy({ ...options, scripts }), nonce };
}

let loaded: { manifest: CspManifest | null } | undefined;

/** The build's hash list (`.next/csp-hashes.json`; the server runs in apps/web), read once. */
export function cspManifest(): CspManifest | null {
  if (loaded) return loaded.manifest;
  if (process.env.NODE_ENV !== 'production') return null;
  try {
    const file = path.join(process.cwd(), '.next', 'csp-hashes.json');
    loaded = { manifest: JSON.parse(fs.readFileSync(file, 'utf8')) as CspManifest };
  } catch {
    console.warn('citewise: .next/csp-hashes.json is missing; pages get a CSP that allows inline scripts. Rebuild with `npm run build`.');
    loaded = { manifest: null };
  }
  return loaded.manifest;
}
