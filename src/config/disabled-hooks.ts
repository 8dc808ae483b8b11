// Hooks the user turned off with `hookpool disable` where their own file has no per-hook
// "enabled" field (Claude Code settings, Opta). The file stays as it is; hookpool skips the hook.
import { HookpoolError } from '../errors.js';
import type { NativeHookInput } from './native-schema.js';
import { readUserRecord, userRecordPath, writeUserRecord } from './user-record.js';

export function defaultDisabledHooksPath(home: string): string {
  return userRecordPath(home, 'disabled-hooks.json');
}

export class DisabledHooks {
  private constructor(
    readonly path: string,
    private readonly entries: Map<string, unknown>,
    /** Why the record was ignored (refused or invalid): then nothing is disabled by it. */
    readonly problem: string | null,
  ) {}

  static async open(path: string): Promise<DisabledHooks> {
    const record = await readUserRecord(path, 'hooks');
    const problem = record.problem === null ? null : `${record.problem}; until then no hook is turned off by it`;
    return new DisabledHooks(path, record.entries, problem);
  }

  isDisabled(hook: NativeHookInput): boolean {
    return this.entries.size > 0 && typeof this.entries.get(keyOf(hook)) === 'string';
  }

  /** Records the hook as off (or on again) and writes the record; refuses to overwrite a record it could not trust. */
  async set(hook: NativeHookInput, disabled: boolean): Promise<void> {
    if (this.problem !== null) throw new HookpoolError('ERR_HOOKPOOL_CONFIG_WRITE', this.problem);
    if (disabled) this.entries.set(keyOf(hook), new Date().toISOString());
    else this.entries.delete(keyOf(hook));
    await writeUserRecord(this.path, 'hooks', this.entries);
  }
}

// By what the hook is, not where in its file it sits: editing the file around it keeps it off.
function keyOf(hook: NativeHookInput): string {
  return JSON.stringify([hook.source?.file ?? null, hook.event, hook.matcher ?? null, hook.command ?? hook.args ?? hook.url ?? hook.prompt ?? (hook.server === undefined ? null : [hook.server, hook.tool])]);
}
