// The task of a `type: "module"` hook for one fire: what its worker imports and hands it.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { HookDefinition } from '../config/model.js';
import type { ModuleHandler } from '../config/hook-handler.js';
import type { ModuleTask } from '../run/module-task.js';

export interface ModuleTaskContext {
  /** The engine's cwd: where an inline hook's module path and a hook's `cwd` are resolved. */
  readonly engineCwd: string;
  readonly cwd: string;
  readonly projectDir: string;
  readonly envKey: string;
  readonly env: Record<string, string>;
  readonly stdin: string;
}

/** A module hook's task; its module path is relative to its configuration file's folder (inline hooks: the engine's cwd). */
export function buildModuleTask(hook: HookDefinition, handler: ModuleHandler, context: ModuleTaskContext): ModuleTask {
  return {
    kind: 'module',
    hookId: hook.id,
    envKey: context.envKey,
    moduleUrl: moduleUrlOf(handler, context.engineCwd),
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
}

const urls = new Map<string, string>();

function moduleUrlOf(handler: ModuleHandler, engineCwd: string): string {
  const path = resolve(handler.baseDir ?? engineCwd, handler.module);
  let url = urls.get(path);
  if (url === undefined) urls.set(path, (url = pathToFileURL(path).href));
  return url;
}
