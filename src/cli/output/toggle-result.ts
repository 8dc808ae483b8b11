// What `enable` and `disable` print after editing (or not needing to edit) a hook's file.
import { printLine } from './print.js';
import { TRUST_KEPT_LINE } from '../../trust/trust-after-edit.js';
import type { SetHookEnabledResult } from '../../project/set-hook-enabled.js';

export function printToggleResult(result: SetHookEnabledResult): void {
  const state = result.enabled ? 'enabled' : 'disabled';
  printLine(result.changed ? `${state} ${result.id} (${result.where})` : `${result.id} is already ${state} (${result.where}); nothing changed`);
  if (result.trustKept) printLine(TRUST_KEPT_LINE);
  if (result.recorded !== null && result.changed) {
    printLine(`its file has no per-hook "enabled" field, so the file is unchanged and hookpool recorded this in ${result.recorded.path}`);
    if (result.recorded.caveat !== null) printLine(`note: hookpool follows it; ${result.recorded.caveat}`);
  }
  if (result.stillOff !== null) printLine(`note: ${result.id} still does not run: ${result.stillOff}`);
}
