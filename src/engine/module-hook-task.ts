// The task of a `type: "module"` hook for one fire: what its worker imports and hands it, and
// which workers it may run in.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { HookDefinition } from '../model/hook-definition.js';
import type { ModuleHandler } from '../model/hook-handler.js';
import { moduleRealm } from '../run/module-realm.js';
import type { ModuleTask } from '../run/module-task.js';

export interface ModuleTaskContext {
  /** The engine's cwd: where an inline hook's module path and a hook's `cwd` are resolved. */
  readonly engineCwd: string;
  readonly cwd: string;
  readonly projectDir: string;
  /** The hook's own key in the engine: a module hook that is not a built-in runs in workers of its own. */
  readonly hookKey: string;
  readonly envKey: string;
  readonly env: Record<string, string>;
  readonly stdin: string;
}

/** A module hook's task; its module path is relative to its configuration file's folder (inline hooks: the engine's cwd). */
export function buildModuleTask(hook: HookDefinition, handler: ModuleHandler, context: ModuleTaskContext): ModuleTask {
  const { url, realm } = moduleOf(handler, context.engineCwd, context.hookKey);
  const task: ModuleTask = {
    kind: 'module',
    hookId: hook.id,
    realm,
    envKey: context.envKey,
    moduleUrl: url,
    exportName: handler.exportName,
    event: hook.event,
    cwd: context.cwd,
    projectDir: context.projectDir,
    env: context.env,
    stdin: context.stdin,
    options: handler.options,
    timeoutMs: hook.timeoutMs,
    maxOutputBytes: hook.maxOutputBytes,
  };
  return hook.trustedScripts === undefined ? task : { ...task, trustedScripts: hook.trustedScripts };
}

/** The realm a module hook runs in (module-realm.ts). */
export function moduleRealmOf(handler: ModuleHandler, engineCwd: string, hookKey: string): string {
  return moduleOf(handler, engineCwd, hookKey).realm;
}

// Both worked out once per module path and hook.
const modules = new Map<string, { url: string; realm: string }>();

function moduleOf(handler: ModuleHandler, engineCwd: string, hookKey: string): { url: string; realm: string } {
  const path = resolve(handler.baseDir ?? engineCwd, handler.module);
  const key = `${hookKey}\0${path}`;
  let known = modules.get(key);
  if (known === undefined) modules.set(key, (known = { url: pathToFileURL(path).href, realm: moduleRealm(path, hookKey) }));
  return known;
}
