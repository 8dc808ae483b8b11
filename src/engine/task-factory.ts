// What the engine works out once about running its hooks (each hook's fixed environment, where
// bwrap and the shells are, the host folders a sandbox hides), and from it the task of one hook
// for one fire. Hooks registered after the pool host started carry their fixed environment in
// each task instead (the host got its copy when it started).
import { resolve } from 'node:path';
import type { EngineLogger } from './engine-logger.js';
import type { HookDefinition } from '../model/hook-definition.js';
import type { PlannedHook } from '../plan/planner.js';
import { findExecutable, hiddenFolders, MISSING_BWRAP } from '../run/bubblewrap.js';
import { baseEnvironment } from '../run/hook-env.js';
import { PROTOCOLS } from '../run/hook-protocols/protocols.js';
import { isRemoteKind } from '../handlers/handler-kinds.js';
import type { RemoteHandler } from '../model/remote-handler.js';
import { interpolateHeaders } from '../run/remote/header-variables.js';
import { buildRemoteTask, missingRunner, type RemoteRunners } from '../run/remote/remote-task.js';
import { INLINE_ENV_KEY } from '../run/worker-file.js';
import type { ResolvedEngineOptions } from './engine-options.js';
import { buildHookTask, findShells, type EngineTask, type PreparedInput, type TaskSettings } from './hook-task.js';
import { moduleRealmOf } from './module-hook-task.js';
import { agentThreadBuiltinTask } from './agent-thread-builtin.js';
import { AGENT_THREAD_MODULES, type BuiltinModuleLoader } from '../builtins/builtin-modules.js';
import type { ModuleHandler } from '../model/hook-handler.js';
import type { ModuleRealmStart } from '../run/module-task.js';

export interface TaskFactoryOptions {
  readonly options: ResolvedEngineOptions;
  readonly agentEnv: NodeJS.ProcessEnv;
  readonly projectDir: string;
  readonly logger: EngineLogger;
}

type Environments = Record<string, Record<string, string>>;

export class TaskFactory {
  /**
   * Each hook's fixed environment, by position in the engine's hooks, never by id (two hooks of
   * different files may share one).
   */
  private readonly baseEnvByHook: Environments = {};
  /** The environments the pool host was given when it started: tasks of these hooks carry only their fire's variables. */
  private hostEnvs: Readonly<Environments> = {};
  private settings: TaskSettings;
  private readonly hooks: HookDefinition[] = [];
  private readonly runners: RemoteRunners;
  /** Each http hook's headers, their variables filled in once; by position, like baseEnvByHook. */
  private readonly headersByHook: Environments = {};
  /** The built-ins that run on the agent's thread (builtin-modules.ts): their module's loader, by position. */
  private readonly agentThreadModules: Record<string, BuiltinModuleLoader> = {};

  constructor(active: readonly HookDefinition[], private readonly context: TaskFactoryOptions) {
    const { options, agentEnv, projectDir } = context;
    const { killGraceMs, pipeGraceMs } = options.pool;
    this.settings = { cwd: options.cwd, bwrapPath: undefined, sandboxHidden: [], projectDir, shells: { bash: undefined, pwsh: undefined }, killGraceMs, pipeGraceMs };
    this.runners = { evaluators: options.evaluators, mcp: options.mcp };
    active.forEach((hook, index) => this.add(hook, index));
    const sandboxed = active.some((hook) => hook.sandbox !== undefined);
    if (sandboxed) this.settings = { ...this.settings, bwrapPath: findExecutable('bwrap', agentEnv.PATH), sandboxHidden: hiddenFolders(agentEnv) };
    if (sandboxed && this.settings.bwrapPath === undefined) context.logger.warn(MISSING_BWRAP);
    this.settings.shells = findShells(active, agentEnv.PATH);
  }

  /** Prepares a hook (at its position), e.g. one registered after the engine started. */
  add(hook: HookDefinition, index: number): void {
    const { options, agentEnv } = this.context;
    this.hooks[index] = hook;
    const { handler } = hook;
    if (isRemoteKind(handler.kind)) this.addRemote(hook, handler as RemoteHandler, index);
    if (handler.kind === 'module' && hook.origin === 'builtin') {
      const load = AGENT_THREAD_MODULES.get(resolve(handler.baseDir ?? options.cwd, handler.module));
      if (load !== undefined) this.agentThreadModules[index] = load;
    }
    const protocolVariables = PROTOCOLS[hook.protocol].hookVariables(hook.id);
    this.baseEnvByHook[index] = { ...baseEnvironment(hook.env, agentEnv, options.passEnv), ...protocolVariables };
    const { shells } = this.settings;
    if (hook.command !== undefined && ((hook.shell === 'bash' && shells.bash === undefined) || (hook.shell === 'powershell' && shells.pwsh === undefined))) {
      this.settings = { ...this.settings, shells: findShells(this.hooks.filter(Boolean), agentEnv.PATH) };
    }
    if (hook.sandbox !== undefined && this.settings.bwrapPath === undefined) {
      this.settings = { ...this.settings, bwrapPath: findExecutable('bwrap', agentEnv.PATH), sandboxHidden: hiddenFolders(agentEnv) };
    }
  }

  // An http hook's headers are filled in once; a hook whose evaluator or MCP caller is missing is said once, here.
  private addRemote(hook: HookDefinition, handler: RemoteHandler, index: number): void {
    if (handler.kind === 'http') this.headersByHook[index] = interpolateHeaders(handler.headers, handler.allowedEnvVars, this.context.agentEnv);
    const missing = hook.enabled && !this.context.options.disableAllHooks ? missingRunner(handler, this.runners) : null;
    if (missing !== null) this.context.logger.warn({ hook: hook.id, event: hook.event }, `hook "${hook.id}" on ${hook.event} cannot run: ${missing}; it fails on every fire`);
  }

  /** The environments to give a pool host as it starts; from then on, these hooks' tasks rely on it. */
  environmentsForHost(): Readonly<Environments> {
    this.hostEnvs = { ...this.baseEnvByHook };
    return this.hostEnvs;
  }

  /** The realms of the enabled module hooks, for the pool host to start with its workers. */
  moduleRealmsForHost(): ModuleRealmStart[] {
    const realms = new Map<string, ModuleRealmStart>();
    this.hooks.forEach((hook, index) => {
      if (hook === undefined || !hook.enabled || hook.loadError !== undefined || hook.handler.kind !== 'module' || this.agentThreadModules[index] !== undefined) return;
      const key = String(index);
      const realm = moduleRealmOf(hook.handler, this.settings.cwd, key);
      if (!realms.has(realm)) realms.set(realm, { realm, envKey: key });
    });
    return [...realms.values()];
  }

  /** The task of a planned hook for one fire's input, or why it cannot run. */
  taskFor({ hook, configIndex }: PlannedHook, prepared: PreparedInput, envFilePath: string | undefined): EngineTask | string {
    const key = String(configIndex);
    if (isRemoteKind(hook.handler.kind) && hook.loadError === undefined) {
      const { stdin, oversize } = prepared.forProtocol(hook.protocol);
      if (oversize !== null) return oversize;
      const { killGraceMs, pipeGraceMs } = this.settings;
      const fire = { event: hook.event, input: prepared.input, stdin };
      return buildRemoteTask(hook, hook.handler as RemoteHandler, fire, this.runners, { envKey: key, killGraceMs, pipeGraceMs, headers: this.headersByHook[key] ?? {} });
    }
    const runEnv = envFilePath === undefined ? undefined : { CLAUDE_ENV_FILE: envFilePath };
    const loadAgentThreadModule = this.agentThreadModules[key];
    if (loadAgentThreadModule !== undefined && hook.loadError === undefined) return this.agentThreadTask(hook, key, loadAgentThreadModule, prepared, runEnv);
    // A hook the host does not know: its fixed environment travels with the task, under no key.
    const known = this.hostEnvs[key] !== undefined;
    return buildHookTask(hook, prepared, this.settings, { hookKey: key, envKey: known ? key : INLINE_ENV_KEY, runEnv, inlineBaseEnv: known ? undefined : this.baseEnvByHook[key] });
  }

  private agentThreadTask(hook: HookDefinition, key: string, load: BuiltinModuleLoader, prepared: PreparedInput, runEnv: Record<string, string> | undefined): EngineTask | string {
    const { stdin, contextEnv, oversize } = prepared.forProtocol(hook.protocol);
    if (oversize !== null) return oversize;
    const { cwd, projectDir } = this.settings;
    const env = Object.assign({}, this.baseEnvByHook[key], contextEnv, runEnv);
    const run = { load, cwd: hook.cwd === undefined ? cwd : resolve(cwd, hook.cwd), projectDir, env, stdin, evaluators: this.runners.evaluators };
    return agentThreadBuiltinTask(hook, hook.handler as ModuleHandler, run);
  }
}
