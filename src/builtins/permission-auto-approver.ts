// Wundr's permission auto-approver: grants low-risk reads without asking. Claude Code's payload
// carries no risk level, so a read is a call of a read-only tool that names no protected file;
// Wundr's metadata (`riskLevel: low`, `permissionType: read`) is honoured as well.
import type { InWorkerHook } from '../run/in-worker-hook.js';
import { permissionAutoApproverOptions, readBuiltinOptions } from './builtin-options.js';
import { allowPermission } from './hook-answers.js';
import { textField } from './input-fields.js';
import { findSecurityViolation } from './security-check.js';

/** Allows a PermissionRequest for a low-risk read; leaves every other request to the user. */
const permissionAutoApprover: InWorkerHook = async (input, context) => {
  const options = readBuiltinOptions('permission-auto-approver', permissionAutoApproverOptions, context.options);
  const risk = textField(input, 'risk_level', 'riskLevel');
  const kind = textField(input, 'permission_type', 'permissionType');
  if (risk !== undefined && risk !== 'low') return undefined;
  if (kind !== undefined && kind !== 'read') return undefined;
  const toolName = textField(input, 'tool_name', 'toolName');
  const saysLowRead = risk === 'low' && kind === 'read';
  if (!saysLowRead && (toolName === undefined || !options.readOnlyTools.includes(toolName))) return undefined;
  if ((await findSecurityViolation(input, context, [])) !== null) return undefined;
  return allowPermission(context.event);
};

export default permissionAutoApprover;
