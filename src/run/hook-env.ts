// The environment a hook process gets (PROTOCOL.md, "Environment"): the agent's, minus secrets
// unless the hook passes them, plus the context variables of each fire (hookpool's own here; each
// protocol's in ./hook-protocols/).
import { envText } from '../compilers/template.js';
import type { EventSpec } from '../events/event-specs.js';
import type { EnvPolicy } from '../model/hook-definition.js';
import { isSecretVariable } from './secrets.js';

/** What `inherit: 'none'` keeps. */
export const MINIMAL_ENV_NAMES: readonly string[] = ['PATH', 'HOME', 'USER', 'SHELL', 'LANG', 'TERM', 'TMPDIR'];

// hookpool's own bookkeeping crosses every policy: without the nesting depth a hook that runs
// `hookpool run` again would recurse without bound under `inherit: "none"`.
const ALWAYS_KEPT: ReadonlySet<string> = new Set(['HOOKPOOL_RUN_DEPTH']);

/**
 * The longest value a context variable holds, in UTF-8 bytes. Linux refuses a single environment
 * string over 128 KiB (MAX_ARG_STRLEN) and the whole environment past ARG_MAX, so large values
 * (file contents) are cut, visibly: the JSON on stdin always has them whole.
 */
export const MAX_ENV_VALUE_BYTES = 64 * 1024;

/** Lists the context variables that were cut, comma-separated. */
export const CUT_VARIABLES_NAME = 'HOOKPOOL_CUT_VARIABLES';

/** A hook's fixed environment, computed once at engine creation. `passEnv` adds names every hook may see. */
export function baseEnvironment(policy: EnvPolicy, agentEnv: NodeJS.ProcessEnv, passEnv: readonly string[] = []): Record<string, string> {
  const pass = new Set([...policy.pass, ...passEnv]);
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(agentEnv)) {
    if (value === undefined) continue;
    const kept =
      pass.has(name) ||
      ALWAYS_KEPT.has(name) ||
      policy.inherit === 'all' ||
      (policy.inherit === 'safe' && !isSecretVariable(name, value)) ||
      (policy.inherit === 'none' && MINIMAL_ENV_NAMES.includes(name));
    if (kept) env[name] = value;
  }
  return Object.assign(env, policy.set);
}

export interface FireContext {
  sessionId: string;
  cwd: string;
  projectDir: string;
  /** The model the agent runs, when the engine was told (engine option `model`). */
  model: string | undefined;
}

/** hookpool's own variables, which hooks of every protocol get. */
export function setHookpoolVariables(env: ContextVariables, spec: EventSpec, input: Record<string, unknown>, context: FireContext): void {
  env.set(['HOOKPOOL_EVENT'], spec.name);
  env.set(['HOOKPOOL_SESSION_ID'], context.sessionId);
  env.set(['HOOKPOOL_CWD'], context.cwd);
  if (spec.toolEvent && typeof input.tool_name === 'string') env.set(['HOOKPOOL_TOOL_NAME'], input.tool_name);
}

/** The most a context variable may hold: UTF-8 bytes (the default, MAX_ENV_VALUE_BYTES) or characters, where a seed says so. */
export type ValueCap = { readonly maxBytes: number } | { readonly maxChars: number };

/**
 * Context variables as an environment can hold them: text or JSON, a NUL byte (which no
 * environment string can carry) written as the six characters `\u0000`, as JSON writes it, and
 * a value over its cap (MAX_ENV_VALUE_BYTES unless a seed design says less) cut with a marker and
 * named in HOOKPOOL_CUT_VARIABLES, so a guard reading it knows it does not see everything.
 */
export class ContextVariables {
  readonly variables: Record<string, string> = {};
  private readonly cut: string[] = [];

  set(names: readonly string[], value: unknown, cap: ValueCap = { maxBytes: MAX_ENV_VALUE_BYTES }): void {
    const text = envText(value);
    const stored = 'maxChars' in cap ? cutChars(text, cap.maxChars) : cutBytes(text, cap.maxBytes);
    const fits = stored === text;
    for (const name of names) {
      this.variables[name] = stored;
      if (!fits) this.cut.push(name);
    }
    if (this.cut.length > 0) this.variables[CUT_VARIABLES_NAME] = this.cut.join(',');
  }
}

function cutBytes(text: string, maxBytes: number): string {
  const kept = prefixWithin(text, maxBytes);
  return kept.length === text.length ? text : `${kept}${cutMarker(maxBytes, Buffer.byteLength(text), 'bytes')}`;
}

// The first `maxChars` UTF-16 units, as a seed that slices its strings counts (never half of a
// surrogate pair), still within the byte cap.
function cutChars(text: string, maxChars: number): string {
  if (text.length <= maxChars) return cutBytes(text, MAX_ENV_VALUE_BYTES);
  const last = text.charCodeAt(maxChars - 1);
  const end = last >= 0xd800 && last <= 0xdbff ? maxChars - 1 : maxChars;
  const kept = prefixWithin(text.slice(0, end), MAX_ENV_VALUE_BYTES);
  return `${kept}${cutMarker(maxChars, text.length, 'characters')}`;
}

function cutMarker(cap: number, size: number, unit: string): string {
  return `…[hookpool: cut at ${cap} of ${size} ${unit}; the JSON on stdin has it whole]`;
}

// The longest prefix that fits in `maxBytes` of UTF-8 without splitting a character.
function prefixWithin(text: string, maxBytes: number): string {
  if (text.length * 3 <= maxBytes) return text; // no UTF-16 unit takes more than 3 bytes
  const { read } = new TextEncoder().encodeInto(text, new Uint8Array(maxBytes));
  return text.slice(0, read);
}
