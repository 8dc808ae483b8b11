// `type: "prompt"`: one question to the prompt evaluator, answered `{ok, reason}` (Claude Code) or a Wundr result.
import type { EvaluatedHandler } from '../model/remote-handler.js';
import { describeEvaluated, missingEvaluator } from './evaluated.js';
import type { HandlerKindSpec } from './handler-kind.js';

export const PROMPT_KIND = {
  kind: 'prompt',
  remote: true,
  onAgentThread: true,
  // Claude Code's default (hooks reference, "Timeouts"); Wundr's is the same.
  defaultTimeoutMs: 30_000,
  fields: { required: ['prompt'], optional: ['model'] },
  describe: describeEvaluated,
  program: () => 'prompt',
  missingRunner: (runners) => missingEvaluator('prompt', runners),
} as const satisfies HandlerKindSpec<EvaluatedHandler>;
