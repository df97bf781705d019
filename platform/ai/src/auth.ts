// `Authorization: Bearer app-…` on every call; the key decides the app (Dify's `validate_app_token`).
import { createMiddleware } from 'hono/factory';
import type { AiContext, AiEnv } from './context';
import { DifyError } from './errors';

export function requireAppKey(ctx: AiContext) {
  return createMiddleware<AiEnv>(async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match) throw new DifyError(401, 'unauthorized', "Authorization header must be provided and start with 'Bearer'");
    const app = ctx.appsByKey.get(match[1]!);
    if (!app) throw new DifyError(401, 'unauthorized', 'Access token is invalid');
    c.set('app', app);
    await next();
  });
}
