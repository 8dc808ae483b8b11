// Where an engine's tasks run: calls (function, prompt, agent and mcp_tool hooks) on the agent's
// thread, every other task in the pool host, which starts with the first task that needs it (or
// ahead of the first fire, to warm its workers), never for an engine that runs none.
import type { HookOutcome } from '../model/hook-outcome.js';
import type { PoolHost } from '../run/pool-host.js';
import { createCallHost } from '../run/remote/call-host.js';
import type { EngineLogger } from './engine-logger.js';
import type { ResolvedEngineOptions } from './engine-options.js';
import type { EngineParts } from './engine-parts.js';
import type { EngineTask } from './hook-task.js';
import type { TaskFactory } from './task-factory.js';

const CLOSED_WHILE_RUNNING = 'the engine closed before the hook answered';

export class TaskHosts {
  private readonly calls = createCallHost();
  private host: PoolHost | undefined;

  constructor(
    private readonly options: ResolvedEngineOptions,
    private readonly startHost: EngineParts['startHost'],
    private readonly tasks: TaskFactory,
    private readonly logger: EngineLogger,
  ) {}

  /** Runs one task to its outcome where its kind runs. */
  run(task: EngineTask): Promise<HookOutcome> {
    if (task.kind === 'call') return this.calls.run(task);
    return this.poolHost().run(task);
  }

  /** Starts the pool host now, so that its workers are ready by the first fire. */
  warm(): void {
    this.poolHost();
  }

  /** Aborts every running call, then kills every running hook (its grace first); each settles as aborted. */
  async abortAll(graceMs: number): Promise<void> {
    this.calls.abortAll(CLOSED_WHILE_RUNNING);
    await this.host?.abortAll(graceMs);
  }

  /** Stops the pool host, if one was started. */
  async close(): Promise<void> {
    await this.host?.close();
  }

  private poolHost(): PoolHost {
    this.host ??= this.startHost(this.options, {
      baseEnvByHook: this.tasks.environmentsForHost(),
      moduleRealms: this.tasks.moduleRealmsForHost(),
      onWarning: (message) => this.logger.warn(message),
    });
    return this.host;
  }
}
