import 'server-only';
import os from 'node:os';
import { testModeEnabled } from './stripe';

/**
 * The line `npm start` prints when the local test-mode checkout runs on a server others can reach: with SITE_URL
 * unset it defaults to localhost, which turns test mode on, while the server listens on every interface. Anyone
 * who reaches it could then take a paid plan with a test card. Null when there is nothing to warn of.
 */
export function testModeWarning(interfaces: NodeJS.Dict<os.NetworkInterfaceInfo[]> = os.networkInterfaces()): string | null {
  if (!testModeEnabled()) return null;
  const reachable = Object.values(interfaces)
    .flat()
    .filter((entry): entry is os.NetworkInterfaceInfo => Boolean(entry) && !entry!.internal)
    .map((entry) => entry.address);
  if (reachable.length === 0) return null;
  return (
    'citewise: billing runs in the local test mode (no STRIPE_SECRET_KEY) while this server ' +
    `listens on every interface (${reachable.slice(0, 3).join(', ')}${reachable.length > 3 ? ', …' : ''}): anyone who reaches it can take a paid plan ` +
    'with a test card. Set STRIPE_SECRET_KEY, or BILLING_TEST_MODE=off, or SITE_URL to the public address.'
  );
}
