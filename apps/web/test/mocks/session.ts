// `@/lib/auth/session` in the web API tests: the user the test signed in (setUpWebApi().signIn), or null.
import type { SessionUser } from '@/lib/auth/session';
import { state } from '../web-api';

export async function currentUser(): Promise<SessionUser | null> {
  return state.signedIn;
}
