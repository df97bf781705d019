// Which online sources this machine can reach. Each is probed at start and every few minutes; a source whose
// probe or request fails at the network level is skipped at once (no per-source timeout per query) until a
// probe reaches it again, so a machine without internet answers from the local corpus without waiting.
import type { Source, SourceId } from './source';
import { SourceError } from './source-error';

export interface SourceHealth {
  /** Online sources known to be unreachable now. */
  unreachable(): SourceId[];
  isDown(id: SourceId): boolean;
  /** A request failed at the network level: skip the source until a probe reaches it. */
  markDown(id: SourceId): void;
  /** Probes every online source once; resolves when all have answered or failed. */
  probe(): Promise<void>;
  /** Stops the periodic probe. */
  stop(): void;
}

export interface HealthOptions {
  /** Base URL per online source: any HTTP answer from it counts as reachable. */
  targets: Partial<Record<SourceId, string>>;
  /** 0 probes once at start and never again. */
  intervalMs: number;
  probeTimeoutMs: number;
}

async function reachable(url: string, timeoutMs: number): Promise<boolean> {
  try {
    const response = await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' });
    await response.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

export function createSourceHealth(options: HealthOptions): SourceHealth {
  const down = new Set<SourceId>();
  const entries = Object.entries(options.targets) as Array<[SourceId, string]>;
  const probe = async () => {
    await Promise.all(entries.map(async ([id, url]) => ((await reachable(url, options.probeTimeoutMs)) ? down.delete(id) : down.add(id))));
  };
  void probe();
  const timer = options.intervalMs > 0 ? setInterval(() => void probe(), options.intervalMs) : null;
  // The probe must never keep a command-line run or a test process alive.
  timer?.unref();
  return {
    unreachable: () => [...down],
    probe,
    isDown: (id) => down.has(id),
    markDown: (id) => void down.add(id),
    stop: () => timer && clearInterval(timer),
  };
}

/** The source, skipped while known unreachable, and marked so when a request fails at the network level. */
export function guarded(source: Source, health: SourceHealth): Source {
  const call = async <T>(run: () => Promise<T>): Promise<T> => {
    if (health.isDown(source.id))
      throw new SourceError(source.id, 'network_error', `${source.name} is unreachable from this server; skipped until a probe reaches it again`);
    try {
      return await run();
    } catch (error) {
      if (error instanceof SourceError && error.code === 'network_error') health.markDown(source.id);
      throw error;
    }
  };
  return {
    ...source,
    search: (query, signal) => call(() => source.search(query, signal)),
    lookup: (id, signal) => call(() => source.lookup(id, signal)),
    findByTitle: (query, signal) => call(() => source.findByTitle(query, signal)),
  };
}
