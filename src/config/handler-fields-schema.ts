// The native schema's handler fields (model/handler-fields.ts): their zod shape, the checks between
// them, and the model's fields they make.
import { z } from 'zod';
import { checkPermissionRule } from '../plan/permission-rule.js';
import { HOOK_SHELLS, type HandlerFields } from '../model/handler-fields.js';

const ruleSchema = z.string({ error: 'expected one permission rule, e.g. "Bash(git push *)"' }).superRefine((rule, ctx) => {
  try {
    checkPermissionRule(rule);
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: (error as Error).message });
  }
});

const text = z.string().min(1, 'expected a non-empty string');

/** The native schema's fields for them (spread into nativeHookSchema). */
export const handlerFieldsShape = {
  if: ruleSchema.optional().describe('one permission rule ("Bash(git push *)", "Edit(src/**)"): on tool events the hook runs only when it matches; elsewhere it never runs'),
  once: z.boolean().default(false).describe('remove the hook after its first successful run (per engine)'),
  statusMessage: text.optional().describe('shown to the user while the hook runs'),
  shell: z.enum(HOOK_SHELLS).default('sh').describe('what runs command: sh -c, bash -c, or pwsh -Command (PowerShell must be on PATH)'),
  asyncRewake: z.boolean().default(false).describe('run in the background; exit 2 wakes the agent with stderr (or stdout)'),
  rewakeMessage: text.optional().describe('asyncRewake: the line put before the output that wakes the agent'),
  rewakeSummary: text.optional().describe('asyncRewake: a short title for the wake-up'),
  skill: text.optional().describe('active only once this skill was invoked (skill frontmatter hooks)'),
  agentType: text.optional().describe('active only on fires whose agent_type is this (subagent frontmatter hooks)'),
};

type ParsedFields = z.output<z.ZodObject<typeof handlerFieldsShape>>;

/** The model's fields from a parsed native hook. */
export function handlerFieldsOf(hook: ParsedFields): HandlerFields {
  return {
    if: hook.if,
    once: hook.once,
    statusMessage: hook.statusMessage,
    shell: hook.shell,
    rewake: hook.asyncRewake ? { message: hook.rewakeMessage, summary: hook.rewakeSummary } : undefined,
    skill: hook.skill,
    agentType: hook.agentType,
  };
}

/** Checks between the fields, for the native schema's refinement. */
export function checkHandlerFields(hook: ParsedFields & { args?: unknown; template?: boolean }, ctx: z.RefinementCtx): void {
  if (hook.template === true && hook.shell === 'powershell') {
    ctx.addIssue({ code: 'custom', path: ['template'], message: 'placeholders are quoted for sh and bash; they do not work with "shell": "powershell"' });
  }
  if (!hook.asyncRewake && (hook.rewakeMessage !== undefined || hook.rewakeSummary !== undefined)) {
    ctx.addIssue({ code: 'custom', path: [hook.rewakeMessage !== undefined ? 'rewakeMessage' : 'rewakeSummary'], message: 'only used with "asyncRewake": true (add it, or remove this field)' });
  }
  if (hook.args !== undefined && hook.shell !== 'sh') {
    ctx.addIssue({ code: 'custom', path: ['shell'], message: 'has no effect with "args", which runs no shell (remove one of them)' });
  }
  if (hook.skill !== undefined && hook.agentType !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['agentType'], message: 'a hook belongs to a skill or to a subagent, not both' });
  }
}
