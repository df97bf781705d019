import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '../../scripts/lib/inline-scripts.mjs';
import { contentSecurityPolicy, externalOrigins, pagePolicy, prerenderedRoute, strictTransportHeaders, type CspManifest } from './csp';

const manifest: CspManifest = {
  fixed: ["'sha256-theme='"],
  pages: { '/en/pricing': ["'sha256-a='", "'sha256-b='"], '/zh': ["'sha256-c='"], '/en/regenerated': null },
};

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split('; ').map((part) => {
      const [name, ...values] = part.split(' ');
      return [name!, values];
    }),
  );
}

describe('the page policy', () => {
  it('has the required directives and never unsafe-eval in production', () => {
    const policy = directives(contentSecurityPolicy({ scripts: ["'self'"] }));
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('script-src')).not.toContain("'unsafe-eval'");
    expect(directives(contentSecurityPolicy({ scripts: [], development: true })).get('script-src')).toContain("'unsafe-eval'");
  });

  it('gives a prerendered page its fixed hashes, the same every time, without a nonce', () => {
    const first = pagePolicy('/en/pricing', manifest);
    expect(first.nonce).toBeNull();
    expect(directives(first.policy).get('script-src')).toEqual(["'self'", "'sha256-a='", "'sha256-b='"]);
    expect(pagePolicy('/en/pricing', manifest)).toEqual(first);
  });

  it('gives a page rendered per request a fresh nonce with strict-dynamic and the fixed hashes', () => {
    const one = pagePolicy('/en/dashboard', manifest);
    const two = pagePolicy('/en/dashboard', manifest);
    expect(one.nonce).toMatch(/^[\w+/]{22}==$/);
    expect(one.nonce).not.toBe(two.nonce);
    expect(directives(one.policy).get('script-src')).toEqual([`'nonce-${one.nonce}'`, "'strict-dynamic'", "'sha256-theme='"]);
  });

  it('gives a feed one fixed policy that runs no script, so a cached copy answers the same', () => {
    const feed = pagePolicy('/zh/blog/rss.xml', manifest);
    expect(feed.nonce).toBeNull();
    expect(directives(feed.policy).get('script-src')).toEqual(["'none'"]);
    expect(pagePolicy('/zh/blog/rss.xml', manifest)).toEqual(feed);
  });

  it('falls back to inline scripts for regenerated pages and builds without a hash list', () => {
    for (const result of [pagePolicy('/en/regenerated', manifest), pagePolicy('/en/dashboard', null)]) {
      expect(result.nonce).toBeNull();
      expect(directives(result.policy).get('script-src')).toEqual(["'self'", "'unsafe-inline'"]);
    }
  });

  it('maps request paths to prerendered routes and names an external Supabase origin', () => {
    expect(prerenderedRoute('en', '/')).toBe('/en');
    expect(prerenderedRoute('zh', '/pricing/')).toBe('/zh/pricing');
    expect(externalOrigins('https://abc.supabase.co/')).toEqual(['https://abc.supabase.co']);
    expect(externalOrigins(undefined)).toEqual([]);
    expect(directives(pagePolicy('/zh', manifest, { connect: ['https://abc.supabase.co'] }).policy).get('connect-src')).toEqual([
      "'self'",
      'https://abc.supabase.co',
    ]);
  });

  it('lets pages show pictures and read PDFs from the user-content origin, and nothing more from it', () => {
    for (const route of ['/zh', '/en/dashboard']) {
      const policy = directives(pagePolicy(route, manifest, { userContent: ['https://usercontent.example'] }).policy);
      expect(policy.get('img-src')).toContain('https://usercontent.example');
      expect(policy.get('connect-src')).toContain('https://usercontent.example');
      expect(policy.get('script-src')).not.toContain('https://usercontent.example');
      expect(policy.get('frame-src')).toEqual(["'none'"]);
    }
  });

  it('sends Strict-Transport-Security only for an https site', () => {
    expect(strictTransportHeaders('https://citewise.example')).toEqual([{ key: 'Strict-Transport-Security', value: 'max-age=31536000' }]);
    expect(strictTransportHeaders('http://localhost:3000')).toEqual([]);
    expect(strictTransportHeaders(undefined)).toEqual([]);
  });
});

describe('hashing the inline scripts of a built page', () => {
  it('hashes executable inline scripts, marks flight data, and skips external scripts and data blocks', () => {
    const html = [
      '<script src="/_next/static/chunks/main.js" async=""></script>',
      '<script>((e)=>{document.documentElement.classList.add(e)})("dark")</script>',
      '<script>self.__next_f.push([1,"data"])</script>',
      '<script type="application/ld+json">{"@type":"Article"}</script>',
      '<script type="module">import "/x.js"</script>',
    ].join('');
    const scripts = inlineScriptHashes(html);
    expect(scripts.map((script) => script.flight)).toEqual([false, true, false]);
    // The SHA-256 of the exact text, as a browser computes it: echo -n 'alert(1)' | openssl dgst -sha256 -binary | base64
    expect(inlineScriptHashes('<script>alert(1)</script>')).toEqual([{ hash: "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='", flight: false }]);
  });
});
