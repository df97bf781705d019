// TOTP (RFC 6238: SHA-1, 6 digits, 30 s, ±1 step) and its QR code as raw SVG markup (supabase-js prefixes it
// with a data: URL itself).
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

const make = (secret: string, issuer = '', label = '') =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, issuer, label });

export const createTotpSecret = () => new Secret({ size: 20 }).base32;

export function totpUri(input: { secret: string; issuer: string; accountName: string }): string {
  const issuer = encodeURIComponent(input.issuer);
  const params = new URLSearchParams({ algorithm: 'SHA1', digits: '6', issuer: input.issuer, period: '30', secret: input.secret });
  return `otpauth://totp/${issuer}:${encodeURIComponent(input.accountName)}?${params.toString()}`;
}

export function verifyTotp(secret: string, code: string, now = Date.now()): boolean {
  if (!/^\d{6}$/.test(code.trim()) || !secret) return false;
  return make(secret).validate({ token: code.trim(), timestamp: now, window: 1 }) !== null;
}

export const currentTotp = (secret: string, now = Date.now()) => make(secret).generate({ timestamp: now });

export async function totpQrSvg(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 1 });
  return svg.replace(/^<\?xml[^>]*>\s*/, '').trim();
}
