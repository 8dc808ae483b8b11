import { SPECIFIC_FIELDS, type EventSpec, type SpecificField } from '../events/event-specs.js';
import { isDecisionIn } from '../events/decision-rank.js';
import type { FieldReader } from './field-reader.js';
import type { ElicitationAction } from '../model/fire-result.js';
import { ignore, setDecision, type HookVerdict } from './hook-verdict.js';

type FieldRead = (fields: FieldReader, verdict: HookVerdict, spec: EventSpec) => void;

// Fields copied into the verdict field of the same name, read as the given type; a wrongly-typed
// value is a warning and leaves the verdict as it was.
const COPIED = {
  additionalContext: 'text',
  updatedToolOutput: 'raw',
  updatedMCPToolOutput: 'raw',
  classifierContext: 'text',
  retry: 'flag',
  sessionTitle: 'text',
  suppressOriginalPrompt: 'flag',
  initialUserMessage: 'text',
  watchPaths: 'texts',
  reloadSkills: 'flag',
  displayContent: 'anyText',
} as const satisfies Partial<Record<SpecificField, 'text' | 'anyText' | 'flag' | 'raw' | 'texts'>>;

function copyField(key: keyof typeof COPIED): FieldRead {
  return (fields, verdict) => {
    const value = fields[COPIED[key]](key);
    if (value !== undefined) (verdict as unknown as Record<string, unknown>)[key] = value;
  };
}

// How each known field is read; fields read together (a decision and its reason, an action and
// its content) are read by the first one's reader.
const readers: Readonly<Partial<Record<SpecificField, FieldRead>>> = {
  ...Object.fromEntries(Object.keys(COPIED).map((key) => [key, copyField(key as keyof typeof COPIED)])),
  permissionDecision: readPermissionDecision,
  updatedInput: (fields, verdict) => {
    verdict.updatedInput = fields.toolInput('updatedInput') ?? verdict.updatedInput;
  },
  decision: readDecisionBehavior,
  action: readElicitationAnswer,
};

const known: ReadonlySet<string> = new Set(SPECIFIC_FIELDS);

/**
 * Applies `hookSpecificOutput` to a verdict; its answers take precedence over top-level ones.
 * Fields the event does not act on are noted; fields hookpool does not know pass through to the
 * agent (`hookSpecificOutput` of the result), since a newer agent may act on them, on events
 * that take `hookSpecificOutput` at all.
 */
export function applySpecificOutput(spec: EventSpec, fields: FieldReader, verdict: HookVerdict): void {
  if (!isForThisEvent(spec, fields)) return;
  // An event with no hookSpecificOutput fields of its own (Notification, Setup, ...) passes none on.
  const passesUnknown = spec.specificFields.size > 0;
  for (const key of fields.keys()) {
    if (key === 'hookEventName') continue;
    if (!known.has(key) && passesUnknown) verdict.hookSpecificOutput = { ...verdict.hookSpecificOutput, [key]: fields.raw(key) };
    else if (!spec.specificFields.has(key as SpecificField)) ignore(verdict, `"hookSpecificOutput.${key}" is not acted on by ${spec.name}`);
  }
  for (const field of SPECIFIC_FIELDS) {
    if (spec.specificFields.has(field) && fields.has(field)) readers[field]?.(fields, verdict, spec);
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

function readPermissionDecision(fields: FieldReader, verdict: HookVerdict, spec: EventSpec): void {
  const allowed = spec.permissionDecisions;
  const value = fields.text('permissionDecision');
  if (value !== undefined && isDecisionIn(allowed, value)) {
    setDecision(verdict, value, fields.text('permissionDecisionReason') ?? null);
  } else if (value !== undefined) {
    fields.warnAbout('permissionDecision', `must be one of ${allowed.join(', ')}, got "${value}"; ignored`);
  }
}

/** PermissionRequest's `decision` object: updatedInput and updatedPermissions go with allow, message and interrupt with deny. */
function readDecisionBehavior(fields: FieldReader, verdict: HookVerdict, spec: EventSpec): void {
  const decision = fields.nested('decision');
  if (decision === undefined) return;
  const allowed = spec.permissionDecisions;
  const behavior = decision.text('behavior');
  if (behavior === undefined || !isDecisionIn(allowed, behavior)) {
    const got = behavior === undefined ? 'nothing' : `"${behavior}"`;
    decision.warnAbout('behavior', `must be one of ${allowed.join(', ')}, got ${got}; decision ignored`);
    return;
  }
  const allows = behavior === 'allow';
  setDecision(verdict, behavior, allows ? null : (decision.text('message') ?? null));
  const onlyWith = (key: string, wanted: boolean) => {
    if (decision.has(key) && allows !== wanted) ignore(verdict, `"hookSpecificOutput.decision.${key}" applies to ${wanted ? 'allow' : 'deny'} only`);
    return decision.has(key) && allows === wanted;
  };
  if (onlyWith('updatedInput', true)) verdict.updatedInput = decision.toolInput('updatedInput') ?? null;
  if (onlyWith('updatedPermissions', true)) verdict.updatedPermissions = decision.objects('updatedPermissions') ?? null;
  if (onlyWith('message', false)) verdict.reason = decision.text('message') ?? null;
  if (onlyWith('interrupt', false)) verdict.interrupt = decision.flag('interrupt') ?? false;
}

const ELICITATION_ACTIONS: readonly ElicitationAction[] = ['accept', 'decline', 'cancel'];

/** Elicitation's `action` and, with `accept`, the form `content`. */
function readElicitationAnswer(fields: FieldReader, verdict: HookVerdict): void {
  const action = fields.text('action');
  if (action === undefined) return;
  if (!(ELICITATION_ACTIONS as readonly string[]).includes(action)) {
    fields.warnAbout('action', `must be one of ${ELICITATION_ACTIONS.join(', ')}, got "${action}"; ignored`);
    return;
  }
  verdict.elicitationAction = action as ElicitationAction;
  if (!fields.has('content')) return;
  if (action === 'accept') verdict.elicitationContent = fields.object('content') ?? null;
  else ignore(verdict, '"hookSpecificOutput.content" is used with "action": "accept" only');
}
