// npm run platform:keys: prints the embedded auth service's URL and project keys as JSON (generated on first
// use and kept in DATA_DIR, unless AUTH_JWT_KEYS / AUTH_ANON_KEY / AUTH_SERVICE_ROLE_KEY are set).
import path from 'node:path';
import { loadAuthConfig, loadKeys } from '@citewise/platform-auth';

const config = loadAuthConfig();
const keys = await loadKeys(config, { dataDir: path.resolve(process.env.DATA_DIR?.trim() || '.data') });
console.log(JSON.stringify({ url: `${config.siteUrl}/platform`, anon_key: keys.anonKey, service_role_key: keys.serviceRoleKey }, null, 2));
