// What `prompt` and `agent` hooks share: a prompt for the evaluator of their kind, which the agent
// injects (createHookEngine({ evaluators })), e.g. an LLM call.
import type { EvaluatedHandler } from '../model/remote-handler.js';
import type { KindRunners } from './handler-kind.js';

/** The prompt's first line, shortened to fit a listing. */
export function describeEvaluated(handler: EvaluatedHandler): string {
  const line = handler.prompt.split('\n', 1)[0]!;
  return `${handler.kind}: ${line.length > 60 ? `${line.slice(0, 59)}…` : line}`;
}

export function missingEvaluator(kind: EvaluatedHandler['kind'], runners: KindRunners): string | null {
  return runners.evaluators[kind] === undefined
    ? `a ${kind} hook needs a ${kind} evaluator, and the engine has none (createHookEngine({ evaluators: { ${kind} } }), e.g. createAnthropicEvaluator())`
    : null;
}
