// @ts-check
import { describe, expect, it } from 'vitest';
import { clientAddress, normaliseAddress, parseTrustProxy } from './client-address.mjs';

describe('TRUST_PROXY', () => {
  it('trusts no header by default: a client cannot choose its address', () => {
    for (const value of [undefined, '', 'false', '0']) {
      const rule = parseTrustProxy(value);
      expect(clientAddress('203.0.113.9', '1.2.3.4', rule)).toBe('203.0.113.9');
      expect(clientAddress('203.0.113.9', undefined, rule)).toBe('203.0.113.9');
    }
  });

  it('with a hop count, takes the address the outermost trusted proxy saw', () => {
    // client -> proxy A (adds the client) -> proxy B (adds A) -> us; the client forged 6.6.6.6 first.
    const forwarded = '6.6.6.6, 198.51.100.7, 10.0.0.2';
    expect(clientAddress('10.0.0.3', forwarded, parseTrustProxy('1'))).toBe('10.0.0.2');
    expect(clientAddress('10.0.0.3', forwarded, parseTrustProxy('2'))).toBe('198.51.100.7');
    // More hops than entries: the leftmost address, never beyond.
    expect(clientAddress('10.0.0.3', '198.51.100.7', parseTrustProxy('5'))).toBe('198.51.100.7');
  });

  it('with addresses, walks right to left past trusted proxies only', () => {
    const rule = parseTrustProxy('loopback, 10.0.0.0/8');
    expect(clientAddress('127.0.0.1', '6.6.6.6, 198.51.100.7, 10.1.2.3', rule)).toBe('198.51.100.7');
    // An untrusted peer is the client, whatever it forwards.
    expect(clientAddress('203.0.113.9', '198.51.100.7', rule)).toBe('203.0.113.9');
    // A trusted peer without a header is itself the client.
    expect(clientAddress('127.0.0.1', undefined, rule)).toBe('127.0.0.1');
    // Everything trusted: the leftmost address.
    expect(clientAddress('127.0.0.1', '10.0.0.1', rule)).toBe('10.0.0.1');
  });

  it('reads IPv4 peers on dual-stack sockets and IPv6 ranges', () => {
    expect(normaliseAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(clientAddress('::ffff:127.0.0.1', '198.51.100.7', parseTrustProxy('loopback'))).toBe('198.51.100.7');
    expect(clientAddress('::1', '2001:db8::5', parseTrustProxy('::1'))).toBe('2001:db8::5');
    expect(clientAddress('fd00::1', '2001:db8::5', parseTrustProxy('private'))).toBe('2001:db8::5');
  });

  it('never takes a malformed entry for an address', () => {
    expect(clientAddress('127.0.0.1', 'not-an-address', parseTrustProxy('loopback'))).toBe('127.0.0.1');
  });

  it('refuses settings it cannot read instead of guessing', () => {
    expect(() => parseTrustProxy('true')).toThrow(/any client/);
    expect(() => parseTrustProxy('proxy.example.com')).toThrow(/neither an address/);
    expect(() => parseTrustProxy('10.0.0.0/40')).toThrow(/prefix length/);
  });
});
