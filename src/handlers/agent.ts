// `type: "agent"`: a task for the agent evaluator (a subagent with tools), answered like a prompt hook.
import type { EvaluatedHandler } from '../model/remote-handler.js';
import { describeEvaluated, missingEvaluator } from './evaluated.js';
import type { HandlerKindSpec } from './handler-kind.js';

export const AGENT_KIND = {
  kind: 'agent',
  remote: true,
  onAgentThread: true,
  // Claude Code's default (hooks reference, "Timeouts"); Wundr's is the same.
  defaultTimeoutMs: 60_000,
  fields: { required: ['prompt'], optional: ['model', 'agentConfig'] },
  describe: describeEvaluated,
  program: () => 'agent',
  missingRunner: (runners) => missingEvaluator('agent', runners),
} as const satisfies HandlerKindSpec<EvaluatedHandler>;
