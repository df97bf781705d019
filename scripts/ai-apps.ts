// npm run ai:apps [-- --json]: the embedded AI runtime's apps and their `app-…` keys (generated into DATA_DIR on
// first use unless AI_APP_KEY_<APP_ID> is set), for pointing a Dify client or the product at them.
import path from 'node:path';
import { appDefinitions, loadAppKeys } from '@citewise/platform-ai';

const keys = await loadAppKeys({ dataDir: path.resolve(process.env.DATA_DIR?.trim() || '.data') });
const apps = appDefinitions.map((app) => ({ id: app.id, mode: app.mode, name: app.name, api_key: keys[app.id]! }));
if (process.argv.includes('--json')) {
  console.log(JSON.stringify(apps, null, 2));
} else {
  const base = `${(process.env.SITE_URL?.trim() || 'http://localhost:3000').replace(/\/$/, '')}/platform/ai/v1`;
  console.log(`Dify service API: ${base}\n`);
  for (const app of apps) console.log(`${app.id.padEnd(20)} ${app.mode.padEnd(14)} ${app.api_key}  ${app.name}`);
}
