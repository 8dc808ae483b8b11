// What a hook's matcher is tested on for one payload, from the event's matcher columns.
import type { EventSpec, MatcherSubject } from './event-specs.js';
import { AGENT_TOOL_NAME_FIELD } from './tool-names.js';

// A model ID's canonical name: `claude-opus-5[1m]`, `claude-opus-5-20260101`, `claude-opus-5@20260101`
// and `us.anthropic.claude-opus-5-v1:0` are all `claude-opus-5`; an alias such as `opus` has none.
const CONTEXT_SUFFIX = /\[[^\]]*\]$/;
const PROVIDER_PREFIX = /^(?:[a-z]{2,4}\.)?anthropic\./;
const VERSION_SUFFIX = /(?:-v\d+(?::\d+)?|@\d{8}|-\d{8})$/;

function canonicalModelName(model: string): string | null {
  const name = model.trim().replace(CONTEXT_SUFFIX, '').replace(PROVIDER_PREFIX, '').replace(VERSION_SUFFIX, '');
  return name.startsWith('claude-') ? name : null;
}

function basename(path: string): string {
  const segments = path.split(/[\\/]/);
  return segments[segments.length - 1] ?? '';
}

const subjectFrom: Readonly<Record<MatcherSubject, (value: string) => string | null>> = {
  value: (value) => value,
  basename,
  modelName: canonicalModelName,
};

/**
 * The subject the event's matchers test (a tool name, a session source, a file's basename, a
 * model's canonical name), `''` when the payload lacks it, or null when every hook of the event
 * runs whatever its matcher: the event has no matcher field, or (PreModelSwitch and
 * PostModelSwitch, as in Claude Code) no canonical model name can be derived.
 */
/**
 * The agent's own name for the tool, where a dialect read it as a canonical one (Gemini's
 * run_shell_command for Bash): a matcher naming either runs. Undefined when there is none.
 */
export function agentSubjectOf(spec: EventSpec, payload: Readonly<Record<string, unknown>>): string | undefined {
  const name = spec.toolEvent ? payload[AGENT_TOOL_NAME_FIELD] : undefined;
  return typeof name === 'string' ? name : undefined;
}

export function matcherSubjectOf(spec: EventSpec, payload: Readonly<Record<string, unknown>>): string | null {
  if (spec.matcherField === null) return null;
  const value = payload[spec.matcherField];
  if (typeof value !== 'string') return spec.matcherSubject === 'modelName' ? null : '';
  return subjectFrom[spec.matcherSubject](value);
}
