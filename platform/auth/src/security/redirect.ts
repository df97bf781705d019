// redirect_to validation (docs/protocols/supabase-auth.md §1.5): the same origin as the site, a loopback address, or a
// URL matching the allow list; anything else falls back to the site URL. This is the open-redirect defence.

function parse(value: string): URL | null {
  // Backslashes and control characters are read differently by browsers and URL parsers: refuse them.
  if (/[\\\u0000-\u001f\s]/.test(value)) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** A glob over the whole URL: `*` stays within a host label or path segment, `**` crosses them. */
function globToRegExp(glob: string): RegExp {
  let pattern = '';
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i]!;
    if (char === '*' && glob[i + 1] === '*') {
      pattern += '.*';
      i++;
    } else if (char === '*') {
      pattern += '[^./?#]*';
    } else {
      pattern += char.replace(/[.+?^${}()|[\]\\/]/g, '\\$&');
    }
  }
  return new RegExp(`^${pattern}$`);
}

export function resolveRedirect(requested: string | undefined | null, options: { siteUrl: string; allowList: string[] }): string {
  if (!requested) return options.siteUrl;
  const url = parse(requested);
  if (!url || url.username || url.password) return options.siteUrl;
  // The parser rewrites odd hosts (http://2130706433/ becomes 127.0.0.1, 0x7f.1 too): refuse any URL whose host
  // as written is not the host as parsed.
  const written = /^https?:\/\/([^/?#]*)/i.exec(requested)?.[1]?.replace(/:\d*$/, '').toLowerCase();
  if (written !== url.hostname) return options.siteUrl;
  const site = new URL(options.siteUrl);
  const sameHost = url.protocol === site.protocol && url.hostname === site.hostname;
  if (sameHost && (url.port === site.port || site.hostname === 'localhost')) return url.toString();
  if (LOOPBACK.has(url.hostname) && url.hostname !== 'localhost') return url.toString();
  const withoutFragment = url.toString().replace(/#.*$/, '');
  if (options.allowList.some((glob) => globToRegExp(glob).test(withoutFragment))) return url.toString();
  return options.siteUrl;
}
