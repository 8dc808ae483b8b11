// Autohand's security guard: refuses tool calls the security table names (destructive commands,
// piped installers, secret files) before they run.
import type { InWorkerHook } from '../run/in-worker-hook.js';
import { readBuiltinOptions, securityGuardOptions } from './builtin-options.js';
import { denyToolCall } from './hook-answers.js';
import { describeViolation, findSecurityViolation } from './security-check.js';

/** Denies a PreToolUse call that breaks a security rule; says nothing otherwise. */
const securityGuard: InWorkerHook = async (input, context) => {
  const options = readBuiltinOptions('security-guard', securityGuardOptions, context.options);
  const violation = await findSecurityViolation(input, context, options.disabledRules);
  return violation === null ? undefined : denyToolCall(context.event, describeViolation('security guard', violation));
};

export default securityGuard;
