// Running tasks by `task_id`, so `…/{task_id}/stop` can cancel one. A task runs in the process that streams it;
// with several instances behind a load balancer, the stop request may reach another one. With a stop bus (Redis
// pub/sub when REDIS_URL is set), a stop for a task this process does not run is published, and the instance that
// runs it aborts it; without one, a stop reaches only tasks of its own process (one instance by default).
import Redis from 'ioredis';

export interface RunningTask {
  appId: string;
  user: string;
  controller: AbortController;
}

/** A stop for a task, as instances tell each other: only the task's own app and user may stop it. */
export interface StopMessage {
  taskId: string;
  appId: string;
  user: string;
}

export interface StopBus {
  publish(message: StopMessage): Promise<void>;
  /** Calls `onStop` for every stop any instance publishes (its own included); resolves once listening. */
  subscribe(onStop: (message: StopMessage) => void): Promise<void>;
  close(): Promise<void>;
}

export class TaskRegistry {
  private readonly tasks = new Map<string, RunningTask>();
  private readonly listening: Promise<void>;

  constructor(private readonly bus?: StopBus) {
    this.listening = bus ? bus.subscribe((message) => this.stopHere(message)) : Promise.resolve();
    // A bus that cannot subscribe leaves stops working within this process; the error is reported once.
    this.listening.catch((error: unknown) => console.error('[ai] the stop bus could not subscribe; stops reach only this instance:', error));
  }

  start(taskId: string, appId: string, user: string): AbortController {
    const controller = new AbortController();
    this.tasks.set(taskId, { appId, user, controller });
    return controller;
  }

  finish(taskId: string) {
    this.tasks.delete(taskId);
  }

  /**
   * Dify answers success for an unknown task or another user's task too; only the owner's stop has effect. A task
   * of another instance is stopped there through the bus.
   */
  async stop(taskId: string, appId: string, user: string): Promise<void> {
    if (this.stopHere({ taskId, appId, user }) || !this.bus || this.tasks.has(taskId)) return;
    await this.bus.publish({ taskId, appId, user }).catch((error: unknown) => console.error('[ai] could not publish a stop:', error));
  }

  /** Resolves once stops published by other instances are heard (tests wait on it). */
  ready(): Promise<void> {
    return this.listening.catch(() => undefined);
  }

  async close(): Promise<void> {
    await this.bus?.close();
  }

  get size() {
    return this.tasks.size;
  }

  private stopHere({ taskId, appId, user }: StopMessage): boolean {
    const task = this.tasks.get(taskId);
    if (!task || task.appId !== appId || task.user !== user) return false;
    task.controller.abort(new Error('stopped'));
    return true;
  }
}

const isStopMessage = (value: unknown): value is StopMessage =>
  typeof value === 'object' && value !== null && ['taskId', 'appId', 'user'].every((key) => typeof (value as Record<string, unknown>)[key] === 'string');

/** Stops carried over Redis pub/sub: one connection publishes, one listens (a subscribed connection can do nothing else). */
export function redisStopBus(url: string, channel = 'citewise:ai:stop'): StopBus {
  const options = { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: true } as const;
  const publisher = new Redis(url, options);
  const subscriber = new Redis(url, options);
  for (const connection of [publisher, subscriber]) connection.on('error', () => undefined);
  return {
    async publish(message) {
      await publisher.publish(channel, JSON.stringify(message));
    },
    async subscribe(onStop) {
      subscriber.on('message', (from: string, text: string) => {
        if (from !== channel) return;
        try {
          const message: unknown = JSON.parse(text);
          if (isStopMessage(message)) onStop(message);
        } catch {
          // Not ours: anything else on the channel is ignored.
        }
      });
      await subscriber.subscribe(channel);
    },
    async close() {
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
