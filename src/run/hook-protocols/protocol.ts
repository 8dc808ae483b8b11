// What a hook protocol decides for one fire: the hook's stdin and its context variables.
import type { EventSpec } from '../../events/event-specs.js';
import { ContextVariables, setHookpoolVariables, type FireContext } from '../hook-env.js';

/** One fire, as every protocol starts from it: the hook input in Claude Code's wire format. */
export interface ProtocolFire {
  readonly spec: EventSpec;
  /** The hook input: Claude Code's common fields and the agent's payload. */
  readonly input: Record<string, unknown>;
  /** `input` as JSON, written once per fire. */
  readonly inputJson: string;
  readonly context: FireContext;
}

/** What the hooks of one protocol get on one fire. */
export interface ProtocolView {
  readonly stdin: string;
  readonly variables: Record<string, string>;
}

/** One hook protocol: how it presents a fire to its hooks. */
export interface ProtocolSpec {
  view(fire: ProtocolFire): ProtocolView;
  /** Variables fixed for one hook, set once when the engine starts (Wundr's WUNDR_HOOK_ID). */
  hookVariables(hookId: string): Record<string, string>;
}

/** Context variables that start with hookpool's own, which hooks of every protocol get. */
export function startVariables(fire: ProtocolFire): ContextVariables {
  const env = new ContextVariables();
  setHookpoolVariables(env, fire.spec, fire.input, fire.context);
  return env;
}

/** A value a seed sets a variable for: strings when not empty, any other value when given. */
export function isPresent(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

/** The session of a fire: the payload's when it names one, else the engine's. */
export function sessionOf(fire: ProtocolFire): string {
  return typeof fire.input.session_id === 'string' ? fire.input.session_id : fire.context.sessionId;
}

/** For protocols that fix no variable per hook. */
export const NO_HOOK_VARIABLES = (): Record<string, string> => ({});
