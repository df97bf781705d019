import 'server-only';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Stripe from 'stripe';

/** The Stripe API version this code is written against (the installed SDK's own). */
export const STRIPE_API_VERSION = '2026-10-28.endive' as const;

/** Stripe is used when STRIPE_SECRET_KEY is set; without it, billing runs the local test mode. */
export function stripeConfigured(): boolean {
  return Boolean(process.env.STRIPE_SECRET_KEY?.trim());
}

/**
 * Options pointing the SDK at STRIPE_API_URL (tests: a fake Stripe API on this machine) instead of
 * api.stripe.com. No retries against a fake: a failing test should fail at once.
 */
export function stripeOptions(apiUrl = process.env.STRIPE_API_URL?.trim()): Stripe.StripeConfig {
  const options: Stripe.StripeConfig = { apiVersion: STRIPE_API_VERSION, maxNetworkRetries: 2, timeout: 20_000, telemetry: false };
  if (!apiUrl) return options;
  const url = new URL(apiUrl);
  return {
    ...options,
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'http:' ? 80 : 443)),
    protocol: url.protocol === 'http:' ? 'http' : 'https',
    maxNetworkRetries: 0,
  };
}

/** Whether a site address is this machine's own (`npm start` tried out locally), not one the public reaches. */
function isLocalSite(siteUrl: string | undefined): boolean {
  if (!siteUrl) return false;
  try {
    const host = new URL(siteUrl).hostname.replace(/^\[|\]$/g, '');
    return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
  } catch {
    return false;
  }
}

/**
 * Whether the local test-mode checkout runs: never while Stripe is configured; otherwise as BILLING_TEST_MODE
 * says (`on` / `off`). When it is unset: everywhere but production (NODE_ENV=production), and in production only
 * on a site served at this machine's own address (SITE_URL on localhost, as `npm start` tried out locally has
 * it), so a deployed site never hands out plans for a test card unless its operator asked for that (a demo).
 */
export function testModeEnabled(): boolean {
  if (stripeConfigured()) return false;
  const setting = process.env.BILLING_TEST_MODE?.trim().toLowerCase();
  if (setting === 'on') return true;
  if (setting === 'off') return false;
  if (setting) throw new Error(`BILLING_TEST_MODE must be on or off, not ${JSON.stringify(process.env.BILLING_TEST_MODE)}`);
  return process.env.NODE_ENV !== 'production' || isLocalSite(process.env.SITE_URL);
}

const registry = globalThis as typeof globalThis & { __citewiseStripe?: { key: string; client: Stripe } };

/** The SDK client for STRIPE_SECRET_KEY; throws when Stripe is not configured (callers check first). */
export function stripeClient(): Stripe {
  const key = process.env.STRIPE_SECRET_KEY?.trim();
  if (!key) throw new Error('STRIPE_SECRET_KEY is not set');
  if (registry.__citewiseStripe?.key !== key) registry.__citewiseStripe = { key, client: new Stripe(key, stripeOptions()) };
  return registry.__citewiseStripe.client;
}

/** Only for signatures, which need no key: verifying webhooks and signing the test mode's events. */
export const stripeWebhooks = new Stripe('sk_test_signatures_only', { apiVersion: STRIPE_API_VERSION }).webhooks;

let generatedSecret: string | undefined;

/**
 * The secret webhook signatures are checked with: STRIPE_WEBHOOK_SECRET, or (test mode, nothing set) one
 * generated once into DATA_DIR/stripe-webhook-secret (0600), so the local test mode signs its events too.
 */
export function webhookSecret(): string {
  const configured = process.env.STRIPE_WEBHOOK_SECRET?.trim();
  if (configured) return configured;
  if (stripeConfigured()) throw new Error('STRIPE_WEBHOOK_SECRET must be set when STRIPE_SECRET_KEY is');
  if (generatedSecret) return generatedSecret;
  const file = path.join(path.resolve(process.env.DATA_DIR?.trim() || '.data'), 'stripe-webhook-secret');
  try {
    generatedSecret = fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const secret = `whsec_${randomBytes(24).toString('base64url')}`;
    try {
      fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
      generatedSecret = secret;
    } catch {
      generatedSecret = fs.readFileSync(file, 'utf8').trim();
    }
  }
  return generatedSecret!;
}
