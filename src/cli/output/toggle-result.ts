// What `enable` and `disable` print after editing (or not needing to edit) a hook's file.
import { printLine } from './print.js';
import type { SetHookEnabledResult } from '../set-hook-enabled.js';

export function printToggleResult(result: SetHookEnabledResult): void {
  const state = result.enabled ? 'enabled' : 'disabled';
  printLine(result.changed ? `${state} ${result.id} (${result.where})` : `${result.id} is already ${state} (${result.where}); nothing changed`);
  if (result.trustKept) printLine('the file stays trusted: hookpool recorded its new content');
  if (result.stillOff !== null) printLine(`note: ${result.id} still does not run: ${result.stillOff}`);
}
