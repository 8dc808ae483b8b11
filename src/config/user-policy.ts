// The user's own policy for every hook, in ~/.config/hookpool/config.json:
//   { "env": { "pass": ["SLACK_WEBHOOK_URL"], "claudeHooks": "safe" } }
// `pass` names variables every hook may see although they look secret (a notification hook's
// webhook), without editing each hook's file (or Claude Code's settings, which have no such
// field). `claudeHooks` is what hooks from Claude Code's settings and plugins inherit: by default
// `all`, the whole environment, as Claude Code gives it to them; `safe` or `none` narrows it.
import { z } from 'zod';
import { envNameSchema } from './field-schemas.js';
import { formatIssues } from './format-issues.js';
import { readConfigFile } from './read-config-file.js';
import type { EnvInherit } from '../model/hook-definition.js';
import { userRecordPath } from './user-record.js';

const policySchema = z.strictObject({
  $schema: z.string().optional(),
  env: z
    .strictObject({
      pass: z.array(envNameSchema).default([]),
      claudeHooks: z.enum(['all', 'safe', 'none'], { error: 'expected "all" (as Claude Code), "safe" (no secret-looking variables) or "none"' }).default('all'),
    })
    .default({ pass: [], claudeHooks: 'all' }),
});

export interface UserPolicy {
  /** Variable names every hook gets even when its own env policy would drop them. */
  readonly passEnv: string[];
  /** What hooks from Claude Code's settings and plugins inherit when they do not say. */
  readonly claudeHooksInherit: EnvInherit;
  readonly problems: string[];
}

/** `~/.config/hookpool/config.json` */
export function defaultUserPolicyPath(home: string): string {
  return userRecordPath(home, 'config.json');
}

/** Reads the policy; a missing file is an empty policy, a bad one is empty with a problem line. */
export async function readUserPolicy(path: string): Promise<UserPolicy> {
  const file = await readConfigFile(path, { userLevel: true });
  if (file.status === 'missing') return { passEnv: [], claudeHooksInherit: 'all', problems: [] };
  // An unreadable policy narrows nothing it cannot read: Claude Code's hooks keep what Claude Code gives them, and it says so.
  if (file.status === 'failed') return { passEnv: [], claudeHooksInherit: 'all', problems: [`${file.problem}; no variable is passed by it`] };
  const policy = policySchema.safeParse(file.value);
  if (!policy.success) return { passEnv: [], claudeHooksInherit: 'all', problems: formatIssues(policy.error, path) };
  return { passEnv: policy.data.env.pass, claudeHooksInherit: policy.data.env.claudeHooks, problems: [] };
}
