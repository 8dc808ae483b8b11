// `type: "function"`: the agent's own callback, run on its thread (library use only).
import type { FunctionHandler } from '../model/hook-handler.js';
import type { HandlerKindSpec } from './handler-kind.js';

export const FUNCTION_KIND = {
  kind: 'function',
  remote: false,
  onAgentThread: true,
  defaultTimeoutMs: undefined,
  fields: { required: [], optional: [] },
  describe: () => '(function)',
  program: () => 'function',
  missingRunner: () => null,
} as const satisfies HandlerKindSpec<FunctionHandler>;
