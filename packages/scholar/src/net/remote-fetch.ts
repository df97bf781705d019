// The one way the server fetches a URL a user gave it (a Dify `remote_url` file, an import by URL).
//
// A URL from a user must not reach what only the server can: its own loopback services, the private network it
// sits in, or a cloud's metadata endpoint (169.254.169.254 hands out credentials). So:
// - only http and https, without credentials in the URL, on any port;
// - the host is resolved first and every address it resolves to is checked against the refused ranges below;
//   the connection then goes to the address that was checked (node:http's `lookup` hook), so a name that
//   resolves differently a moment later (DNS rebinding) cannot slip past;
// - redirects are followed by hand, at most MAX_REDIRECTS, each new URL checked the same way;
// - the whole exchange has a deadline, and the body is cut off past a size cap (declared or streamed).
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

export const MAX_REDIRECTS = 3;
const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 15_000;

/** Addresses no user-given URL may reach. */
const refusedRanges: [string, number, 'ipv4' | 'ipv6'][] = [
  ['0.0.0.0', 8, 'ipv4'], // "this network"
  ['10.0.0.0', 8, 'ipv4'], // private
  ['100.64.0.0', 10, 'ipv4'], // carrier-grade NAT
  ['127.0.0.0', 8, 'ipv4'], // loopback
  ['169.254.0.0', 16, 'ipv4'], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12, 'ipv4'], // private
  ['192.0.0.0', 24, 'ipv4'], // IETF protocol assignments (some clouds' metadata)
  ['192.0.2.0', 24, 'ipv4'], // documentation
  ['192.88.99.0', 24, 'ipv4'], // 6to4 relay
  ['192.168.0.0', 16, 'ipv4'], // private
  ['198.18.0.0', 15, 'ipv4'], // benchmarking
  ['198.51.100.0', 24, 'ipv4'], // documentation
  ['203.0.113.0', 24, 'ipv4'], // documentation
  ['224.0.0.0', 4, 'ipv4'], // multicast
  ['240.0.0.0', 4, 'ipv4'], // reserved, broadcast
  // IPv6 spellings that carry an IPv4 address. IPv4-mapped ones (::ffff:0:0/96, dotted or in hex) are checked as
  // the IPv4 address they name (BlockList does that); these others are refused whole, as nothing public uses them.
  ['::', 96, 'ipv6'], // IPv4-compatible (::a.b.c.d, deprecated), with the unspecified :: and the loopback ::1
  ['::ffff:0:0:0', 96, 'ipv6'], // IPv4-translated (SIIT, ::ffff:0:a.b.c.d)
  ['64:ff9b::', 96, 'ipv6'], // NAT64 (reaches IPv4 addresses, private ones included)
  ['64:ff9b:1::', 48, 'ipv6'], // local-use NAT64
  ['2001::', 32, 'ipv6'], // Teredo (tunnels to any IPv4 address)
  ['100::', 64, 'ipv6'], // discard
  ['2001:db8::', 32, 'ipv6'], // documentation
  ['2002::', 16, 'ipv6'], // 6to4 (embeds any IPv4 address)
  ['fc00::', 7, 'ipv6'], // unique local, AWS's IPv6 metadata fd00:ec2::254
  ['fe80::', 10, 'ipv6'], // link-local
  ['ff00::', 8, 'ipv6'], // multicast
];

const refused = new net.BlockList();
for (const [address, prefix, type] of refusedRanges) refused.addSubnet(address, prefix, type);

export type RemoteFetchOptions = {
  /** Body size cap in bytes (default 10 MB): a larger declared or streamed body is refused. */
  maxBytes?: number;
  /** Deadline for the whole exchange, redirects and body included (default 15 s). */
  timeoutMs?: number;
  signal?: AbortSignal;
  /**
   * Addresses let through although they are in a refused range. For tests against servers on this machine only:
   * production callers never pass it.
   */
  allowAddresses?: readonly string[];
  headers?: Record<string, string>;
};

export type RemoteResponse = { url: string; status: number; contentType: string | null; body: Buffer };

/** Why a fetch was refused; `reason` is a stable key callers map to their own error codes. */
export class RemoteFetchError extends Error {
  constructor(
    readonly reason: 'invalid_url' | 'forbidden_address' | 'unresolvable' | 'too_many_redirects' | 'too_large' | 'timeout' | 'upstream',
    message: string,
  ) {
    super(message);
    this.name = 'RemoteFetchError';
  }
}

/** `::ffff:10.0.0.1` is 10.0.0.1. */
function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

/** Whether a user-given URL may reach this address (the refused ranges above, minus the test-only allowances). */
export function isForbiddenAddress(address: string, allow: readonly string[] = []): boolean {
  const plain = plainAddress(address);
  const family = net.isIP(plain);
  if (family === 0) return true;
  if (allow.includes(plain)) return false;
  return refused.check(plain, family === 6 ? 'ipv6' : 'ipv4');
}

/** Checks a URL's form: http(s), no credentials. */
export function checkRemoteUrl(value: string | URL): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new RemoteFetchError('invalid_url', 'Not an absolute URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new RemoteFetchError('invalid_url', `The ${url.protocol} scheme is not fetched.`);
  if (url.username || url.password) throw new RemoteFetchError('invalid_url', 'URLs with credentials are not fetched.');
  return url;
}

/** A `lookup` for node:http that resolves the name and refuses it unless every address is allowed. */
function guardedLookup(allow: readonly string[]): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(new RemoteFetchError('unresolvable', `${hostname} could not be resolved.`) as NodeJS.ErrnoException, '', 0);
      const bad = addresses.find((entry) => isForbiddenAddress(entry.address, allow));
      if (bad || addresses.length === 0) {
        return callback(new RemoteFetchError('forbidden_address', `${hostname} resolves to an address that is not fetched.`) as NodeJS.ErrnoException, '', 0);
      }
      if (options.all) return callback(null, addresses as unknown as string, 0);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}

type Hop = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

function request(url: URL, options: Required<Pick<RemoteFetchOptions, 'maxBytes'>> & RemoteFetchOptions, signal: AbortSignal): Promise<Hop> {
  const allow = options.allowAddresses ?? [];
  // A literal address never goes through `lookup`: check it here.
  const literal = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (net.isIP(literal) && isForbiddenAddress(literal, allow)) {
    return Promise.reject(new RemoteFetchError('forbidden_address', `${url.hostname} is an address that is not fetched.`));
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Hop>((resolve, reject) => {
    const outgoing = client.request(
      url,
      { method: 'GET', headers: { accept: '*/*', ...options.headers }, lookup: guardedLookup(allow), signal, agent: false },
      (response) => {
        const status = response.statusCode ?? 0;
        const declared = Number(response.headers['content-length'] ?? NaN);
        if (status >= 200 && status < 300 && declared > options.maxBytes) {
          response.destroy();
          return reject(new RemoteFetchError('too_large', `The file is larger than ${options.maxBytes} bytes.`));
        }
        if (status >= 300 && status < 400) {
          response.resume();
          return resolve({ status, headers: response.headers, body: Buffer.alloc(0) });
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            response.destroy();
            reject(new RemoteFetchError('too_large', `The file is larger than ${options.maxBytes} bytes.`));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ status, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      },
    );
    outgoing.on('error', (error) => {
      if (error instanceof RemoteFetchError) return reject(error);
      const cause = (error as { cause?: unknown }).cause;
      if (cause instanceof RemoteFetchError) return reject(cause);
      if (signal.aborted) return reject(new RemoteFetchError('timeout', 'The server did not answer in time.'));
      reject(new RemoteFetchError('upstream', `The server could not be reached (${(error as NodeJS.ErrnoException).code ?? error.message}).`));
    });
    outgoing.end();
  });
}

/**
 * GETs a user-given URL under the rules above. Answers any final status (the caller decides what a 404 means);
 * throws RemoteFetchError for everything refused.
 */
export async function fetchRemote(input: string | URL, options: RemoteFetchOptions = {}): Promise<RemoteResponse> {
  const settings = { maxBytes: DEFAULT_MAX_BYTES, ...options };
  const deadline = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
  let url = checkRemoteUrl(input);
  for (let redirects = 0; ; redirects++) {
    let hop: Hop;
    try {
      hop = await request(url, settings, signal);
    } catch (error) {
      if (deadline.aborted && !(error instanceof RemoteFetchError && error.reason !== 'upstream')) {
        throw new RemoteFetchError('timeout', 'The server did not answer in time.');
      }
      throw error;
    }
    const location = hop.headers.location;
    if (hop.status >= 300 && hop.status < 400 && location) {
      if (redirects >= MAX_REDIRECTS) throw new RemoteFetchError('too_many_redirects', `More than ${MAX_REDIRECTS} redirects.`);
      url = checkRemoteUrl(new URL(location, url));
      continue;
    }
    const type = hop.headers['content-type'];
    return { url: url.href, status: hop.status, contentType: typeof type === 'string' ? type : null, body: hop.body };
  }
}
