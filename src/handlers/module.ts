// `type: "module"`: a module's export, run inside a pool worker (src/run/in-worker-hook.ts).
import type { ModuleHandler } from '../model/hook-handler.js';
import type { HandlerKindSpec } from './handler-kind.js';

export const MODULE_KIND = {
  kind: 'module',
  remote: false,
  onAgentThread: false,
  defaultTimeoutMs: undefined,
  fields: { required: [], optional: [] },
  describe: (handler) => `${handler.module}#${handler.exportName}`,
  program: (handler) => handler.module,
  missingRunner: () => null,
} as const satisfies HandlerKindSpec<ModuleHandler>;
