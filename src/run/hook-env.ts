// The environment a hook process gets (PROTOCOL.md, "Environment"): the agent's, minus names
// that look secret unless the hook passes them, plus the context variables of each fire.
import { EVENT_NAMES, EVENT_SPECS, type EventName, type EventSpec } from '../events/event-specs.js';
import type { EnvPolicy } from '../config/model.js';

const SECRET_NAME = /(?:^|_)(?:KEY|APIKEY|TOKEN|SECRET|CREDENTIALS?|PASS|PASSWD|PASSPHRASE|AUTH)$|PASSWORD|SECRET|PRIVATE_KEY|ACCESS_KEY/i;

/** What `inherit: 'none'` keeps. */
export const MINIMAL_ENV_NAMES: readonly string[] = ['PATH', 'HOME', 'USER', 'SHELL', 'LANG', 'TERM', 'TMPDIR'];

// Seed designs expose tool arguments and results in the environment; large values stay on stdin.
const MAX_ENV_VALUE_CHARS = 2048;

/** True for names like ANTHROPIC_API_KEY, GITHUB_TOKEN, DB_PASSWORD, AWS_SECRET_ACCESS_KEY. */
export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name);
}

/** A hook's fixed environment, computed once at engine creation. */
export function baseEnvironment(policy: EnvPolicy, agentEnv: NodeJS.ProcessEnv): Record<string, string> {
  const pass = new Set(policy.pass);
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(agentEnv)) {
    if (value === undefined) continue;
    const kept =
      pass.has(name) ||
      (policy.inherit === 'all') ||
      (policy.inherit === 'safe' && !isSecretName(name)) ||
      (policy.inherit === 'none' && MINIMAL_ENV_NAMES.includes(name));
    if (kept) env[name] = value;
  }
  return Object.assign(env, policy.set);
}

export interface FireContext {
  sessionId: string;
  cwd: string;
  projectDir: string;
}

/** The per-fire variables: hookpool's own, Claude Code's, and the seed designs' names. */
export function contextEnvironment(spec: EventSpec, input: Record<string, unknown>, context: FireContext): Record<string, string> {
  const env: Record<string, string> = {
    CLAUDE_PROJECT_DIR: context.projectDir,
    HOOKPOOL_EVENT: spec.name,
    HOOKPOOL_SESSION_ID: context.sessionId,
    HOOKPOOL_CWD: context.cwd,
    OPTA_EVENT: SEED_NAMES[spec.name].opta,
    OPTA_SESSION_ID: context.sessionId,
    OPTA_CWD: context.cwd,
    HOOK_EVENT: SEED_NAMES[spec.name].hook,
    HOOK_SESSION_ID: context.sessionId,
    HOOK_CWD: context.cwd,
  };
  if (spec.toolEvent && typeof input.tool_name === 'string') {
    const args = capped(input.tool_input);
    env.HOOKPOOL_TOOL_NAME = env.OPTA_TOOL_NAME = env.HOOK_TOOL = input.tool_name;
    env.OPTA_TOOL_ARGS = env.HOOK_ARGS = args;
    if (input.tool_response !== undefined) env.OPTA_TOOL_RESULT = env.HOOK_RESULT = capped(input.tool_response);
  }
  if (input.error !== undefined) env.OPTA_ERROR = env.HOOK_ERROR = capped(input.error);
  return env;
}

// The seed designs' names for each event (Opta's dotted ones, the hyphenated HOOK_* ones), found once.
const SEED_NAMES = Object.fromEntries(
  EVENT_NAMES.map((name) => {
    const { aliases } = EVENT_SPECS[name];
    const named = (separator: string) => aliases.find((alias) => alias.includes(separator)) ?? name;
    return [name, { opta: named('.'), hook: named('-') }];
  }),
) as Record<EventName, { opta: string; hook: string }>;

function capped(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  return text.length > MAX_ENV_VALUE_CHARS ? text.slice(0, MAX_ENV_VALUE_CHARS) : text;
}
