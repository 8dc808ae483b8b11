// From a planned hook and a fire's input to the plain task a worker runs.
import { resolve } from 'node:path';
import type { HookDefinition, HookProtocol } from '../model/hook-definition.js';
import { HookpoolError } from '../errors.js';
import type { EventSpec } from '../events/event-specs.js';
import { bubblewrapArgs, findExecutable, MISSING_BWRAP } from '../run/bubblewrap.js';
import { compileCommandTemplate, expandArgs, templateVariables, type CommandTemplate } from '../compilers/template.js';
import type { FireContext } from '../run/hook-env.js';
import type { HookTask, SpawnHookTask } from '../run/pool-host.js';
import { PROTOCOLS } from '../run/hook-protocols/protocols.js';
import { functionHookTask } from './function-hook.js';
import type { CallTask } from '../run/remote/call-task.js';
import { buildModuleTask } from './module-hook-task.js';

/** What the engine dispatches: a task for the pool host, or a function hook run on the agent's thread. */
export type EngineTask = HookTask | CallTask;

/** The input as the hooks of one protocol receive it: their stdin and their context variables. */
export interface ProtocolInput {
  stdin: string;
  contextEnv: Record<string, string>;
  /** Why no hook may get this input (over maxPayloadBytes), or null. */
  oversize: string | null;
}

/** One fire's input, and how each protocol presents it: each view made once per fire, when first needed. */
export interface PreparedInput {
  /** The hook input in Claude Code's wire format. */
  input: Record<string, unknown>;
  forProtocol(protocol: HookProtocol): ProtocolInput;
}

/** Writes the input as JSON once (a payload that cannot be is the agent's error) and prepares each protocol's view lazily. */
export function prepareInput(spec: EventSpec, input: Record<string, unknown>, context: FireContext, maxPayloadBytes: number): PreparedInput {
  let inputJson: string;
  try {
    inputJson = JSON.stringify(input);
  } catch (error) {
    throw new HookpoolError('ERR_HOOKPOOL_INVALID_PAYLOAD', `fire("${spec.name}"): the payload cannot be written as JSON: ${(error as Error).message}`);
  }
  const views = new Map<HookProtocol, ProtocolInput>();
  return {
    input,
    forProtocol(protocol) {
      let view = views.get(protocol);
      if (view === undefined) {
        const { stdin, variables } = PROTOCOLS[protocol].view({ spec, input, inputJson, context });
        views.set(protocol, (view = { stdin, contextEnv: variables, oversize: payloadProblem(stdin, maxPayloadBytes) }));
      }
      return view;
    },
  };
}

/** What the engine works out once about running its hooks. */
export interface TaskSettings {
  cwd: string;
  /** Where bwrap is, for sandboxed hooks; undefined when it is not installed. */
  bwrapPath: string | undefined;
  /** The host folders a sandboxed hook gets empty ones instead of (bubblewrap.ts); [] until a hook asks for a sandbox. */
  sandboxHidden: readonly string[];
  killGraceMs: number;
  pipeGraceMs: number;
  /** What `${CLAUDE_PROJECT_DIR}` in an argv (exec form) stands for. */
  projectDir: string;
  /** Where bash and pwsh are (found once on the agent's PATH); undefined when they are not installed. */
  shells: ShellPaths;
}

/**
 * Where one hook run's environment comes from. Apart from TaskSettings, not spread into a copy of
 * them: on Node 20 `{ ...object, more }` takes V8's slow path (measured 5 µs per fire here).
 */
export interface RunEnvironment {
  /** The hook's own key (its position in the engine), whether or not the host holds its environment. */
  hookKey: string;
  /** Where the hook's base environment is in the host's baseEnvByHook. */
  envKey: string;
  /** Variables for this hook run only (CLAUDE_ENV_FILE), or undefined. */
  runEnv: Record<string, string> | undefined;
  /** The hook's fixed environment when the pool host does not hold it (a hook registered after it started), or undefined. */
  inlineBaseEnv: Record<string, string> | undefined;
}

/** The programs behind `shell: "bash"` and `shell: "powershell"`. */
export interface ShellPaths {
  bash: string | undefined;
  pwsh: string | undefined;
}

/** Where bash and pwsh are on `path`, looked up only when some hook's command needs them. */
export function findShells(hooks: readonly HookDefinition[], path: string | undefined): ShellPaths {
  const uses = (shell: HookDefinition['shell']) => hooks.some((hook) => hook.shell === shell && hook.command !== undefined);
  return { bash: uses('bash') ? findExecutable('bash', path) : undefined, pwsh: uses('powershell') ? findExecutable('pwsh', path) : undefined };
}

/** The task for a hook, or why it cannot run (an input over the size cap, a sandbox without bwrap). */
export function buildHookTask(hook: HookDefinition, prepared: PreparedInput, settings: TaskSettings, run: RunEnvironment): EngineTask | string {
  const { input } = prepared;
  const { stdin, contextEnv, oversize } = prepared.forProtocol(hook.protocol);
  const cwd = hook.cwd === undefined ? settings.cwd : resolve(settings.cwd, hook.cwd);
  if (hook.loadError !== undefined) return `this hook never starts: ${hook.loadError}`;
  if (oversize !== null) return oversize;
  const { handler } = hook;
  if (handler.kind === 'function') return functionHookTask(hook, handler.run, stdin);
  if (handler.kind === 'module') {
    const env = withFixedAndRunEnv(contextEnv, run);
    return buildModuleTask(hook, handler, { engineCwd: settings.cwd, cwd, projectDir: settings.projectDir, hookKey: run.hookKey, envKey: run.envKey, env, stdin });
  }
  if (hook.sandbox !== undefined && settings.bwrapPath === undefined) return MISSING_BWRAP;
  const line = commandLine(hook, input, contextEnv, settings);
  if (typeof line === 'string') return line;
  const env = withFixedAndRunEnv(line.env, run);
  const { sandbox, trustedScripts } = hook;
  const confined = sandbox === undefined ? undefined : bubblewrapArgs(sandbox, cwd, line.file, line.argv, settings.sandboxHidden);
  const task: SpawnHookTask = {
    hookId: hook.id,
    envKey: run.envKey,
    file: confined === undefined ? line.file : settings.bwrapPath!,
    argv: confined === undefined ? line.argv : confined.argv,
    cwd,
    env,
    stdin,
    timeoutMs: hook.timeoutMs,
    killGraceMs: settings.killGraceMs,
    pipeGraceMs: settings.pipeGraceMs,
    maxOutputBytes: hook.maxOutputBytes,
    killDescendants: hook.killDescendants,
  };
  // Only on the hooks that have them: every other task keeps the shape the hot path was measured with.
  if (trustedScripts !== undefined) task.trustedScripts = trustedScripts;
  if (confined !== undefined) task.sandboxView = confined.view;
  return task;
}

function commandLine(hook: HookDefinition, input: Record<string, unknown>, contextEnv: Record<string, string>, settings: TaskSettings) {
  if (hook.command === undefined) {
    const args = withProjectDir(hook.template ? expandArgs(hook.args!, input) : hook.args!, settings.projectDir);
    return { file: args[0]!, argv: args.slice(1), env: contextEnv };
  }
  const shell = shellOf(hook, settings.shells);
  if (typeof shell === 'string') return shell;
  if (!hook.template) return { file: shell.file, argv: [...shell.argv, hook.command], env: contextEnv };
  const template = compiledTemplate(hook.command);
  return { file: shell.file, argv: [...shell.argv, template.command], env: Object.assign({}, contextEnv, templateVariables(template, input)) };
}

// The fire's variables, over the hook's fixed environment when the task must carry it, under the run's own.
function withFixedAndRunEnv(fireEnv: Record<string, string>, { inlineBaseEnv, runEnv }: RunEnvironment): Record<string, string> {
  if (inlineBaseEnv === undefined && runEnv === undefined) return fireEnv;
  return Object.assign({}, inlineBaseEnv, fireEnv, runEnv);
}

// `sh -c` unless the hook names a shell; a shell that is not installed is a clear failure.
function shellOf(hook: HookDefinition, shells: ShellPaths): { file: string; argv: string[] } | string {
  if (hook.shell === 'sh') return { file: '/bin/sh', argv: ['-c'] };
  if (hook.shell === 'bash') return shells.bash === undefined ? 'this hook asks for "shell": "bash", and bash is not on PATH' : { file: shells.bash, argv: ['-c'] };
  return shells.pwsh === undefined ? 'this hook asks for "shell": "powershell", and PowerShell (pwsh) is not on PATH' : { file: shells.pwsh, argv: ['-Command'] };
}

// Exec form: Claude Code puts the project folder into every argument as plain text.
function withProjectDir(args: readonly string[], projectDir: string): readonly string[] {
  return args.some((arg) => arg.includes(PROJECT_DIR_PLACEHOLDER)) ? args.map((arg) => arg.replaceAll(PROJECT_DIR_PLACEHOLDER, projectDir)) : args;
}

const PROJECT_DIR_PLACEHOLDER = '${CLAUDE_PROJECT_DIR}';

// A template is compiled once per command (its placeholders were checked at load).
const templates = new Map<string, CommandTemplate>();
function compiledTemplate(command: string): CommandTemplate {
  let template = templates.get(command);
  if (template === undefined) templates.set(command, (template = compileCommandTemplate(command)));
  return template;
}

/** Why an input is too large to hand to hooks, or null. */
function payloadProblem(stdin: string, maxBytes: number): string | null {
  // A UTF-8 string of n UTF-16 units is at most 3n bytes: most payloads never need counting.
  if (stdin.length * 3 <= maxBytes) return null;
  const bytes = Buffer.byteLength(stdin);
  return bytes <= maxBytes ? null : `the hook input is ${bytes} bytes, over maxPayloadBytes (${maxBytes}); the hook was not started`;
}
