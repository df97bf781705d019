// `@/lib/platform/services` in the web API tests: the services setUpWebApi() started in this process on the test
// file's database (undefined for those not asked for, as a product without them would fail).
import type { AiService } from '@citewise/platform-ai';
import type { AuthService } from '@citewise/platform-auth';
import type { StorageService } from '@citewise/platform-storage';
import { state } from '../web-api';

export async function platform(): Promise<{ auth: AuthService; storage: StorageService }> {
  return { auth: state.auth!, storage: state.storage! };
}

export async function aiPlatform(): Promise<AiService> {
  return state.ai!;
}
