'use client';

import { useLocale } from 'next-intl';
import { useCallback, useRef, useState } from 'react';
import { difyApi } from '../client/dify-api';
import { AiError } from '../client/dify-error';
import { streamDify } from '../client/dify-stream';
import type { DifyStreamEvent } from '@/features/ai/types';

export type RunStatus = 'idle' | 'running' | 'done' | 'stopped' | 'failed';

type Mode = 'completion-messages' | 'workflows/run';

/**
 * One streamed run of a completion or workflow app at a time: its status, its error, and stop. Events go to
 * `onEvent` as they arrive; whatever arrived before a stop or a failure stays with the caller.
 */
export function useAiRun(appId: string, path: Mode, onEvent: (event: DifyStreamEvent) => void) {
  const locale = useLocale();
  const [status, setStatus] = useState<RunStatus>('idle');
  const [error, setError] = useState<AiError | null>(null);
  const controller = useRef<AbortController | null>(null);
  const taskId = useRef<string | null>(null);

  const run = useCallback(
    async (inputs: Record<string, string>): Promise<RunStatus> => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      taskId.current = null;
      setError(null);
      setStatus('running');
      let next: RunStatus;
      try {
        const result = await streamDify({
          appId,
          path,
          locale,
          body: { inputs },
          signal: abort.signal,
          onEvent: (event) => {
            if (event.task_id) taskId.current = event.task_id;
            onEvent(event);
          },
        });
        next = result.stopped ? 'stopped' : 'done';
      } catch (caught) {
        setError(caught instanceof AiError ? caught : new AiError('other', 'internal_server_error', String(caught), 0));
        next = 'failed';
      }
      if (controller.current === abort) setStatus(next);
      return next;
    },
    [appId, path, locale, onEvent],
  );

  const stop = useCallback(() => {
    const task = taskId.current;
    // Stopping the task ends the model call on the server; aborting ends our reading at once (the proxy would
    // stop the task too when the connection goes, so a failed stop call changes nothing for the user).
    if (task && path === 'completion-messages')
      void difyApi(appId, locale)
        .stop(task, 'completion-messages')
        .catch(() => {});
    // The JSON client has no workflow stop: the same call, by hand.
    if (task && path === 'workflows/run') {
      void fetch(`/api/ai/dify/workflows/tasks/${encodeURIComponent(task)}/stop?appid=${encodeURIComponent(appId)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }).catch(() => {});
    }
    controller.current?.abort();
  }, [appId, path, locale]);

  return { status, error, run, stop };
}
