// What the engine works out once about running its hooks (each hook's fixed environment, where
// bwrap and the shells are, the home folder a sandbox hides), and from it the task of one hook
// for one fire.
import type { Logger } from 'pino';
import type { HookDefinition } from '../config/model.js';
import type { PlannedHook } from '../plan/planner.js';
import { findExecutable, MISSING_BWRAP } from '../run/bubblewrap.js';
import { baseEnvironment } from '../run/hook-env.js';
import { interpolateHeaders } from '../run/remote/header-variables.js';
import { buildRemoteTask, missingRunner, type RemoteRunners } from '../run/remote/remote-task.js';
import type { AnyHookTask } from '../run/remote/routed-host.js';
import { PROTOCOLS } from '../run/protocols/protocols.js';
import type { ResolvedEngineOptions } from './engine-options.js';
import { buildHookTask, findShells, type PreparedInput, type TaskSettings } from './hook-task.js';

type FixedSettings = Omit<TaskSettings, 'envKey' | 'runEnv'>;

export interface TaskFactoryOptions {
  readonly options: ResolvedEngineOptions;
  readonly agentEnv: NodeJS.ProcessEnv;
  readonly home: string;
  readonly projectDir: string;
  readonly logger: Logger;
}

export class TaskFactory {
  /**
   * Each hook's fixed environment, handed to the pool host once so that tasks carry only their
   * fire's variables; by position in the engine's hooks, never by id (two hooks of different
   * files may share one).
   */
  readonly baseEnvByHook: Record<string, Record<string, string>> = {};
  private readonly settings: FixedSettings;
  private readonly runners: RemoteRunners;
  /** Each http hook's headers, their variables filled in once; by position, like baseEnvByHook. */
  private readonly headersByHook: Record<string, Record<string, string>> = {};

  constructor(active: readonly HookDefinition[], { options, agentEnv, home, projectDir, logger }: TaskFactoryOptions) {
    this.runners = { evaluators: options.evaluators, mcp: options.mcp };
    active.forEach((hook, index) => {
      if (hook.remote?.type === 'http') this.headersByHook[index] = interpolateHeaders(hook.remote.headers, hook.remote.allowedEnvVars, agentEnv);
      const missing = hook.remote === undefined || !hook.enabled ? null : missingRunner(hook.remote, this.runners);
      if (missing !== null) logger.warn({ hook: hook.id, event: hook.event }, `hook "${hook.id}" on ${hook.event} cannot run: ${missing}; it fails on every fire`);
      const protocolVariables = PROTOCOLS[hook.protocol].hookVariables(hook.id);
      this.baseEnvByHook[index] = { ...baseEnvironment(hook.env, agentEnv, options.passEnv), ...protocolVariables };
    });
    const sandboxed = active.some((hook) => hook.sandbox !== undefined);
    const bwrapPath = sandboxed ? findExecutable('bwrap', agentEnv.PATH) : undefined;
    if (sandboxed && bwrapPath === undefined) logger.warn(MISSING_BWRAP);
    const { killGraceMs, pipeGraceMs } = options.pool;
    this.settings = { cwd: options.cwd, bwrapPath, home, projectDir, shells: findShells(active, agentEnv.PATH), killGraceMs, pipeGraceMs };
  }

  /** The task of a planned hook for one fire's input, or why it cannot run. */
  taskFor({ hook, configIndex }: PlannedHook, prepared: PreparedInput, envFilePath: string | undefined): AnyHookTask | string {
    if (hook.remote !== undefined && hook.loadError === undefined) {
      const { stdin, oversize } = prepared.forProtocol(hook.protocol);
      if (oversize !== null) return oversize;
      const { killGraceMs, pipeGraceMs } = this.settings;
      const fire = { event: hook.event, input: prepared.input, stdin };
      return buildRemoteTask(hook, hook.remote, fire, this.runners, { envKey: String(configIndex), killGraceMs, pipeGraceMs, headers: this.headersByHook[configIndex] ?? {} });
    }
    const runEnv = envFilePath === undefined ? undefined : { CLAUDE_ENV_FILE: envFilePath };
    return buildHookTask(hook, prepared, { ...this.settings, envKey: String(configIndex), runEnv });
  }
}
