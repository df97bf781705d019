// Options every online source factory takes; the provider-specific ones (e-mail, API key) sit beside them.
import type { RateLimit } from './http/rate-limiter';

export interface OnlineSourceOptions {
  /** The provider's API root, or a mirror / test server speaking the same protocol. */
  baseUrl: string;
  /** Overrides the provider's published budget (tests, or a mirror with its own rules). */
  rateLimit?: RateLimit;
}

export const userAgent = (contact?: string) => `Citewise/1.0 (literature search${contact ? `; mailto:${contact}` : ''})`;
