// What `enable` and `disable` print after editing (or not needing to edit) a hook's file.
import { printLine } from './print.js';
import { TRUST_KEPT_LINE } from '../../trust/trust-after-edit.js';
import type { SetHookEnabledResult } from '../../project/set-hook-enabled.js';

export function printToggleResult(result: SetHookEnabledResult): void {
  const state = !result.enabled ? 'disabled' : result.audit ? 'enabled in audit mode' : 'enabled';
  const mode = !result.enabled ? '' : result.audit ? ' in audit mode' : result.wasAudit ? ', enforcing (it was in audit mode)' : '';
  printLine(result.changed ? `${result.enabled ? 'enabled' : 'disabled'} ${result.id}${mode} (${result.where})` : `${result.id} is already ${state} (${result.where}); nothing changed`);
  if (result.audit && result.enabled) printLine(`it runs, and what it would block is recorded and shown as "would block", never applied; hookpool enable ${result.id} enforces it`);
  if (result.trustKept) printLine(TRUST_KEPT_LINE);
  if (result.recorded !== null && result.changed) {
    printLine(`its file has no per-hook "enabled" field, so the file is unchanged and hookpool recorded this in ${result.recorded.path}`);
    if (result.recorded.caveat !== null) printLine(`note: hookpool follows it; ${result.recorded.caveat}`);
  }
  if (result.stillOff !== null) printLine(`note: ${result.id} still does not run: ${result.stillOff}`);
}
