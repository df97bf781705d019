// Running tasks by `task_id`, so `…/{task_id}/stop` can cancel one. In-process: a stop must reach the instance that
// runs the task (one process by default; a load balancer needs sticky sessions for stop to work across instances).
export interface RunningTask {
  appId: string;
  user: string;
  controller: AbortController;
}

export class TaskRegistry {
  private readonly tasks = new Map<string, RunningTask>();

  start(taskId: string, appId: string, user: string): AbortController {
    const controller = new AbortController();
    this.tasks.set(taskId, { appId, user, controller });
    return controller;
  }

  finish(taskId: string) {
    this.tasks.delete(taskId);
  }

  /** Dify answers success for an unknown task or another user's task too; only the owner's stop has effect. */
  stop(taskId: string, appId: string, user: string): void {
    const task = this.tasks.get(taskId);
    if (task && task.appId === appId && task.user === user) task.controller.abort(new Error('stopped'));
  }

  get size() {
    return this.tasks.size;
  }
}
