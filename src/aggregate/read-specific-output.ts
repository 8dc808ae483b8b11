import type { EventSpec } from '../events/event-specs.js';
import { isDecisionIn, permissionDecisionsFor } from './decision-rank.js';
import type { FieldReader } from './field-reader.js';
import type { HookVerdict } from './hook-verdict.js';

// Which `hookSpecificOutput` fields an event takes, as questions to its spec row. Unknown fields
// pass silently (newer agents add some); known ones on the wrong event are reported.
const acceptedOn: Readonly<Record<string, (spec: EventSpec) => boolean>> = {
  additionalContext: (spec) => spec.acceptsAdditionalContext,
  permissionDecision: (spec) => spec.permissionAnswer === 'permissionDecision',
  permissionDecisionReason: (spec) => spec.permissionAnswer === 'permissionDecision',
  updatedInput: (spec) => spec.permissionAnswer === 'permissionDecision',
  decision: (spec) => spec.permissionAnswer === 'decisionBehavior',
  updatedToolOutput: (spec) => spec.acceptsUpdatedToolOutput,
};

/** Applies `hookSpecificOutput` to a verdict; its answers take precedence over top-level ones. */
export function applySpecificOutput(spec: EventSpec, fields: FieldReader, verdict: HookVerdict): void {
  if (!isForThisEvent(spec, fields)) return;
  for (const [key, accepts] of Object.entries(acceptedOn)) {
    if (fields.has(key) && !accepts(spec)) fields.warnAbout(key, `is not accepted on ${spec.name}; ignored`);
  }
  if (spec.acceptsAdditionalContext) {
    verdict.additionalContext = fields.text('additionalContext') ?? verdict.additionalContext;
  }
  if (spec.permissionAnswer === 'permissionDecision') readPermissionDecision(fields, verdict);
  if (spec.permissionAnswer === 'decisionBehavior') readDecisionBehavior(fields, verdict);
  if (spec.acceptsUpdatedToolOutput && fields.raw('updatedToolOutput') !== undefined) {
    verdict.updatedToolOutput = fields.raw('updatedToolOutput');
  }
}

/** A missing `hookEventName` is forgiven; one naming another event voids the whole object. */
function isForThisEvent(spec: EventSpec, fields: FieldReader): boolean {
  if (!fields.has('hookEventName')) {
    fields.warnAbout('hookEventName', `is missing; read as ${spec.name}`);
    return true;
  }
  const name = fields.text('hookEventName');
  if (name === spec.name || (name !== undefined && spec.aliases.includes(name))) return true;
  fields.warnAbout('hookEventName', `does not name ${spec.name}; hookSpecificOutput ignored`);
  return false;
}

function readPermissionDecision(fields: FieldReader, verdict: HookVerdict): void {
  const allowed = permissionDecisionsFor('permissionDecision');
  const value = fields.text('permissionDecision');
  if (value !== undefined && isDecisionIn(allowed, value)) {
    verdict.decision = value;
    verdict.reason = fields.text('permissionDecisionReason') ?? null;
  } else if (value !== undefined) {
    fields.warnAbout('permissionDecision', `must be one of ${allowed.join(', ')}, got "${value}"; ignored`);
  }
  verdict.updatedInput = fields.toolInput('updatedInput') ?? verdict.updatedInput;
}

function readDecisionBehavior(fields: FieldReader, verdict: HookVerdict): void {
  const decision = fields.nested('decision');
  if (decision === undefined) return;
  const allowed = permissionDecisionsFor('decisionBehavior');
  const behavior = decision.text('behavior');
  if (behavior !== undefined && isDecisionIn(allowed, behavior)) {
    verdict.decision = behavior;
    verdict.reason = decision.text('message') ?? null;
  } else if (behavior !== undefined || !decision.has('behavior')) {
    const got = behavior === undefined ? 'nothing' : `"${behavior}"`;
    decision.warnAbout('behavior', `must be one of ${allowed.join(', ')}, got ${got}; decision ignored`);
  }
  verdict.updatedInput = decision.toolInput('updatedInput') ?? verdict.updatedInput;
}
