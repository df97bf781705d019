'use client';

import { useEffect, useState } from 'react';
import { useApi } from '@/lib/api/use-api';
import { estimateRun } from '../estimate';
import type { AiUsageReport } from '../server/get-ai-usage';
import { RunEstimate } from './run-estimate';

/**
 * The cost of the next run and what is left of the plan, on an AI tool's page (Ask, chat, writing tools,
 * workflows), from the inputs as they are typed. Signed-out visitors (the usage answers 401) see nothing here: the
 * page asks them to sign in. Self-contained (the public tool pages have no query cache): a new `refreshKey` (a run
 * ended) reads the usage again, and the box keeps the last figures meanwhile.
 */
export function RunCost({ appId, inputs, refreshKey }: { appId: string; inputs: Record<string, string | undefined>; refreshKey?: string | number }) {
  const api = useApi();
  const [usage, setUsage] = useState<AiUsageReport | undefined>(undefined);
  useEffect(() => {
    let current = true;
    api.fetch<AiUsageReport>('/api/ai/usage').then(
      (report) => {
        if (current) setUsage(report);
      },
      // Signed out, or the usage could not be read: the tool works without the box.
      () => {},
    );
    return () => {
      current = false;
    };
  }, [api, refreshKey]);
  if (!usage) return null;
  return <RunEstimate estimate={estimateRun(appId, inputs)} usage={usage} testId="run-cost" />;
}
