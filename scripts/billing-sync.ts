// npm run billing:sync: creates or updates the Stripe products and prices of config/plans.ts (STRIPE_SECRET_KEY;
// STRIPE_API_URL points it at another host). Safe to repeat: prints what changed, or that nothing did.
import Stripe from 'stripe';
import { syncCatalog } from '@citewise/web/scripts';

const key = process.env.STRIPE_SECRET_KEY?.trim();
if (!key) {
  console.error('billing:sync needs STRIPE_SECRET_KEY (without Stripe, billing runs in the local test mode and has nothing to sync)');
  process.exit(2);
}
const apiUrl = process.env.STRIPE_API_URL?.trim();
const url = apiUrl ? new URL(apiUrl) : null;
const stripe = new Stripe(key, {
  apiVersion: '2026-10-28.endive',
  ...(url
    ? {
        host: url.hostname,
        port: Number(url.port || (url.protocol === 'http:' ? 80 : 443)),
        protocol: url.protocol === 'http:' ? 'http' : 'https',
        maxNetworkRetries: 0,
      }
    : {}),
});
const changes = await syncCatalog(stripe);
for (const change of changes) console.log(change);
console.log(changes.length === 0 ? 'Stripe already matches config/plans.ts: nothing changed.' : `${changes.length} change(s).`);
