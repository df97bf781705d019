// @ts-check
// Who is on the other end of a request: the one place that decides which address the product's rate limits,
// the auth service's limits and MFA, and audit records see.
//
// Design. Route handlers in Next.js never see the socket, and X-Forwarded-For is whatever the client wrote unless
// a proxy we trust replaced it. So the server that `npm start` runs (scripts/serve.mjs) sits in front of Next's
// request handler: for every request it drops any incoming copy of CLIENT_ADDRESS_HEADER and sets it from the
// socket, walking X-Forwarded-For only as far as TRUST_PROXY allows:
//
//   TRUST_PROXY unset, empty or `false`  trust no header: the socket's peer is the client
//   TRUST_PROXY=2                        that many proxies in front: the client is the address they reported
//   TRUST_PROXY=loopback,10.0.0.0/8      proxies at these addresses (CIDRs, single addresses, or the names
//                                        `loopback`, `private`, `linklocal`): walk right to left past them
//
// The product reads only CLIENT_ADDRESS_HEADER (apps/web/lib/request-info.ts) and hands it on to the embedded
// auth service as its X-Forwarded-For.
import net from 'node:net';

export const CLIENT_ADDRESS_HEADER = 'x-citewise-client-address';

/** Which forwarding hops to believe: a number of proxies in front, or the addresses of trusted ones. @typedef {{ hops: number } | { list: net.BlockList }} TrustRule */

/** @type {Record<string, string[]>} */
const namedRanges = {
  loopback: ['127.0.0.0/8', '::1/128'],
  private: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
};

/**
 * `::ffff:10.0.0.1` (an IPv4 peer on a dual-stack socket) is 10.0.0.1.
 * @param {string | undefined | null} address
 * @returns {string}
 */
export function normaliseAddress(address) {
  const trimmed = String(address ?? '')
    .trim()
    .replace(/^\[(.*)\]$/, '$1');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  return mapped ? /** @type {string} */ (mapped[1]) : trimmed;
}

/**
 * TRUST_PROXY as a rule: `{ hops }` or `{ list }` (a BlockList of trusted proxy addresses), or `{ hops: 0 }` when
 * nothing is trusted. Throws on a value it cannot read, so a typo stops the server instead of trusting nothing
 * or everything by accident.
 * @param {string | undefined} value
 * @returns {TrustRule}
 */
export function parseTrustProxy(value) {
  const text = String(value ?? '').trim();
  if (text === '' || text === 'false' || text === '0') return { hops: 0 };
  if (/^\d+$/.test(text)) return { hops: Number(text) };
  if (text === 'true') {
    throw new Error('TRUST_PROXY=true would let any client choose its address; give the number of proxies in front or their addresses');
  }
  const list = new net.BlockList();
  for (const entry of text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const ranges = namedRanges[entry.toLowerCase()] ?? [entry];
    for (const range of ranges) {
      const [address = '', bits] = range.split('/');
      const family = net.isIP(address);
      if (!family) throw new Error(`TRUST_PROXY: "${entry}" is neither an address, a CIDR range nor one of ${Object.keys(namedRanges).join(', ')}`);
      const type = family === 6 ? 'ipv6' : 'ipv4';
      if (bits === undefined) list.addAddress(address, type);
      else {
        const prefix = Number(bits);
        if (!/^\d+$/.test(bits) || prefix > (family === 6 ? 128 : 32)) throw new Error(`TRUST_PROXY: "${range}" has an invalid prefix length`);
        list.addSubnet(address, prefix, type);
      }
    }
  }
  return { list };
}

/**
 * @param {net.BlockList} list
 * @param {string} address
 */
function isTrusted(list, address) {
  const family = net.isIP(address);
  return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * The client's address for a request that arrived from `peer` carrying `forwardedFor` (X-Forwarded-For, maybe
 * absent), under `rule` from parseTrustProxy.
 * @param {string | undefined} peer
 * @param {string | string[] | undefined} forwardedFor
 * @param {TrustRule} rule
 * @returns {string}
 */
export function clientAddress(peer, forwardedFor, rule) {
  const socketPeer = normaliseAddress(peer) || 'unknown';
  const chain = String(forwardedFor ?? '')
    .split(',')
    .map(normaliseAddress)
    .filter(Boolean);
  // Right to left: the socket's peer first, then what each proxy says it received from.
  const hops = [socketPeer, ...chain.reverse()];
  // `hops` always holds the socket's peer, and every index below stays within it.
  const hop = (/** @type {number} */ at) => /** @type {string} */ (hops[at]);
  if ('hops' in rule) return hop(Math.min(rule.hops, hops.length - 1));
  let index = 0;
  while (index < hops.length - 1 && isTrusted(rule.list, hop(index))) index += 1;
  // A malformed entry is never taken for an address: the last trusted hop is the best we know.
  return net.isIP(hop(index)) ? hop(index) : hop(Math.max(0, index - 1));
}
