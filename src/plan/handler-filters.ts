// The payload conditions of Claude Code's handler fields: an `if` rule on a tool event, and the
// subagent a frontmatter hook belongs to. Compiled once per hook; tested per fire after the
// matcher, before anything is spawned.
import { EVENT_SPECS } from '../events/event-specs.js';
import type { HookDefinition } from '../model/hook-definition.js';
import { compilePermissionRule, type PathAnchors } from './permission-rule.js';

export type { PathAnchors } from './permission-rule.js';

/** A condition on one fire's payload; `cwd` is the engine's working directory. */
export type PayloadTest = (payload: Record<string, unknown>, cwd: string) => boolean;

/** False when the hook can never run on its event: Claude Code skips a hook with `if` on an event that is not a tool event. */
export function canEverRun(hook: Pick<HookDefinition, 'if' | 'event'>): boolean {
  return hook.if === undefined || EVENT_SPECS[hook.event].toolEvent;
}

/** The hook's handler conditions, each compiled once; [] when it has none. */
export function handlerTests(hook: Pick<HookDefinition, 'if' | 'event' | 'agentType'>, anchors: PathAnchors): PayloadTest[] {
  const tests: PayloadTest[] = [];
  if (hook.if !== undefined && canEverRun(hook)) {
    const rule = compilePermissionRule(hook.if, anchors);
    tests.push((payload, cwd) => {
      const toolName = typeof payload.tool_name === 'string' ? payload.tool_name : '';
      return rule(toolName, payload.tool_input, typeof payload.cwd === 'string' ? payload.cwd : cwd);
    });
  }
  const { agentType } = hook;
  if (agentType !== undefined) tests.push((payload) => payload.agent_type === agentType);
  return tests;
}
