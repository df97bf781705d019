// The auth service: every path of the GoTrue API this service speaks, and the middleware around them.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { timeout } from 'hono/timeout';
import type { AuthContext } from './context';
import { AuthError, OAuthStyleError, errorResponse } from './errors';
import { adminRoutes } from './routes/admin';
import { factorRoutes } from './routes/factors';
import { generalRoutes } from './routes/general';
import { oauthRoutes } from './routes/oauth';
import { otpRoutes } from './routes/otp';
import { signupRoutes } from './routes/signup';
import { ssoRoutes } from './routes/sso';
import { tokenRoutes } from './routes/token';
import { userRoutes } from './routes/user';
import { verifyRoutes } from './routes/verify';

const MAX_BODY = 1024 * 1024;
const MAX_DURATION_MS = 10_000;

export function createAuthApp(ctx: AuthContext) {
  const app = new Hono();
  app.use(
    '*',
    bodyLimit({
      maxSize: MAX_BODY,
      onError: (c) => errorResponse(c, new AuthError(413, 'request_entity_too_large', 'Request body too large')),
    }),
  );
  app.use(
    '*',
    timeout(MAX_DURATION_MS, () => new HTTPException(504, { message: 'Processing this request timed out, please retry after a moment.' })),
  );

  app.route('/', generalRoutes(ctx));
  app.route('/', signupRoutes(ctx));
  app.route('/', tokenRoutes(ctx));
  app.route('/', verifyRoutes(ctx));
  app.route('/', otpRoutes(ctx));
  app.route('/', userRoutes(ctx));
  app.route('/', factorRoutes(ctx));
  app.route('/', oauthRoutes(ctx));
  app.route('/', ssoRoutes(ctx));
  app.route('/', adminRoutes(ctx));

  // A catch-all route rather than app.notFound(): Hono calls notFound only on the top-level app, and this one
  // is mounted under a base path, so the 404 would otherwise be the host's plain text.
  app.all('*', () => {
    throw new AuthError(404, 'not_found', 'Path not found');
  });
  app.onError((error, c) => {
    if (error instanceof AuthError || error instanceof OAuthStyleError) return errorResponse(c, error);
    if (error instanceof HTTPException && error.status === 504) {
      return errorResponse(c, new AuthError(504, 'request_timeout', error.message));
    }
    console.error('[auth] unexpected failure:', error);
    return errorResponse(c, new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'));
  });
  return app;
}
