// The AI runtime: every path of the Dify service API this service speaks, and the middleware around them.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requireAppKey } from './auth';
import type { AiContext, AiEnv } from './context';
import { DifyError, errorResponse, invalidParam } from './errors';
import { appInfoRoutes } from './routes/app-info';
import { audioRoutes } from './routes/audio';
import { chatRoutes } from './routes/chat';
import { completionRoutes } from './routes/completion';
import { conversationRoutes } from './routes/conversations';
import { fileRoutes } from './routes/files';
import { messageRoutes } from './routes/messages';
import { workflowRoutes } from './routes/workflows';

/** Uploads have their own, configured limit; everything else is JSON and small. */
const MAX_JSON_BODY = 1024 * 1024;

export function createAiApp(ctx: AiContext) {
  const app = new Hono<AiEnv>();
  const uploadLimit = Math.max(ctx.config.AI_UPLOAD_FILE_SIZE_LIMIT, ctx.config.AI_UPLOAD_IMAGE_FILE_SIZE_LIMIT) * 1024 * 1024;
  app.use('*', async (c, next) => {
    const limit = c.req.path.endsWith('/files/upload') ? uploadLimit + 64 * 1024 : MAX_JSON_BODY;
    let read = false;
    try {
      return await bodyLimit({
        maxSize: limit,
        onError: (cx) =>
          errorResponse(
            cx,
            c.req.path.endsWith('/files/upload')
              ? new DifyError(413, 'file_too_large', `File size exceeded. ${limit} bytes at most.`)
              : new DifyError(413, 'request_entity_too_large', 'Request body too large.'),
          ),
      })(c, () => {
        read = true;
        return next();
      });
    } catch (error) {
      if (read) throw error;
      // The body broke off while it was read (its sender stopped sending it): there is nothing to answer but that.
      return errorResponse(c, invalidParam('The request body could not be read.'));
    }
  });
  app.use('*', requireAppKey(ctx));

  app.route('/', appInfoRoutes(ctx)); // GET /info, /parameters, /meta, /site
  app.route('/', chatRoutes(ctx)); // POST /chat-messages, /chat-messages/{task_id}/stop
  app.route('/', conversationRoutes(ctx)); // GET /conversations, DELETE /conversations/{id}, POST /conversations/{id}/name
  app.route('/', messageRoutes(ctx)); // GET /messages, POST /messages/{id}/feedbacks, GET /messages/{id}/suggested
  app.route('/', completionRoutes(ctx)); // POST /completion-messages, /completion-messages/{task_id}/stop, GET and DELETE /completion-messages (ours)
  app.route('/', workflowRoutes(ctx)); // POST /workflows/run (+ /workflow/run), GET /workflows/run/{id}, POST /workflows/tasks/{task_id}/stop, GET /workflows/logs
  app.route('/', fileRoutes(ctx)); // POST /files/upload
  app.route('/', audioRoutes()); // POST /audio-to-text, /text-to-audio (not supported)

  app.notFound((c) => errorResponse(c, new DifyError(404, 'not_found', 'The requested URL was not found on the server.')));
  app.onError((error, c) => {
    if (error instanceof DifyError) return errorResponse(c, error);
    console.error('[ai] unexpected failure:', error);
    return errorResponse(c, new DifyError(500, 'internal_server_error', 'The server encountered an internal error.'));
  });
  return app;
}
