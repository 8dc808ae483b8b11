// What loadHooksConfig returns: the hooks that may run, and every file that was read, refused,
// broken or left untrusted, each reported rather than dropped silently.
import type { ConfigScope } from './discover.js';
import type { BrokenHookEntry, ConfigFormat } from '../model/hook-definition.js';
import type { NativeHookInput } from './native-schema.js';

/** A project file whose content has no effect (no hooks run, no `disableAllHooks` applied), and why. */
export interface UntrustedConfigFile {
  readonly path: string;
  /** SHA-256 of the file's bytes; "" when it could not be read. */
  readonly sha256: string;
  readonly reason: string;
  readonly hooks: NativeHookInput[];
  /** The file sets Claude Code's `"disableAllHooks": true`; not applied while it is untrusted. */
  readonly disableAllHooks: boolean;
  /** What changed since the user last trusted it (`the file itself changed`, `script x.sh changed`, ...); empty the first time. */
  readonly changes: string[];
  /** SHA-256 of each project file its hooks run, by absolute path: what trusting it now records. */
  readonly referenced: Readonly<Record<string, string>>;
  /** Why the file could not be loaded at all (then `hooks` is empty and it cannot be trusted as it is); null when it was read. */
  readonly loadError: string | null;
  /** The line of `problems` that reports the file (what waits for trust, or why it cannot be loaded). */
  readonly notice: string;
}

/** A file that is not untrusted (user-level, explicit, or a trusted project file) and could not be loaded: it may have held guards. */
export interface BrokenConfigFile {
  readonly path: string;
  readonly scope: ConfigScope;
  /** `no such file`, `is a directory`, `not valid JSON (3:14: ...)`, `refused: writable by others (mode 0666); ...` */
  readonly reason: string;
}

/** One file that was read. */
export interface LoadedConfigFile {
  readonly path: string;
  readonly format: ConfigFormat;
  readonly scope: ConfigScope;
  /** Hooks the file defines that loaded (before hooks repeated from earlier files are dropped). */
  readonly hookCount: number;
}

export interface LoadedHooksConfig {
  /** Native hooks, lowest precedence first, each with its `source`; ready for `createHookEngine({ hooks })`. */
  readonly hooks: NativeHookInput[];
  /** One line each: `<file>: <json.path>: <what is wrong> (<what is allowed / did you mean>)`. Those entries were skipped. */
  readonly problems: string[];
  /** The files read, in the order their hooks appear. Missing discovered files, and files that could not be read, are not listed. */
  readonly files: LoadedConfigFile[];
  /** Project files whose hooks are not in `hooks` because they are not trusted. */
  readonly untrusted: UntrustedConfigFile[];
  /** Files that could not be loaded at all and are not untrusted (each also a line in `problems`). */
  readonly brokenFiles: BrokenConfigFile[];
  /**
   * Entries of loaded files that could not be loaded (each also a line in `problems`). With
   * `brokenFiles` they keep refusing the events whose guards fail closed, until fixed.
   */
  readonly brokenHooks: BrokenHookEntry[];
  /** Some trusted layer set Claude Code's `disableAllHooks: true`, or the user ran `hookpool disable --all`: every hook is listed with `enabled: false`. */
  readonly disableAllHooks: boolean;
  /** Variable names the user lets every hook see (`env.pass` of ~/.config/hookpool/config.json); createHookEngine's `passEnv`. */
  readonly passEnv: string[];
}
