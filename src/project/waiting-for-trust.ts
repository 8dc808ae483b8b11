// The project files that wait for `hookpool trust` and would change something once trusted: their
// hooks would run, or their "disableAllHooks" would apply. A Claude Code settings file holding only
// the entries `hookpool init --agent claude` wrote is not one: hookpool never runs those itself.
import type { UntrustedConfigFile } from '../config/loaded-config.js';
import type { CliConfig, ListedHook } from './load-project.js';

export interface WaitingFile {
  readonly file: UntrustedConfigFile;
  /** Its hooks, hookpool's own entries left out (as loaded with `includeUntrusted`). */
  readonly hooks: readonly ListedHook[];
}

/** The loadable untrusted files whose approval would have an effect, in the loader's order. */
export function filesWaitingForTrust(config: CliConfig): WaitingFile[] {
  return config.loaded.untrusted.flatMap((file) => {
    if (file.loadError !== null) return [];
    const hooks = config.hooks.filter((hook) => !hook.trusted && hook.definition.source?.file === file.path);
    const selfCallsOnly = hooks.length === 0 && config.selfCalls.some((hook) => hook.definition.source?.file === file.path);
    return selfCallsOnly && !file.disableAllHooks ? [] : [{ file, hooks }];
  });
}

/** The loader's problem lines, less the notices of untrusted files that would change nothing once trusted. */
export function problemsThatMatter(config: CliConfig): string[] {
  const waiting = new Set(filesWaitingForTrust(config).map(({ file }) => file.path));
  const idle = new Set(config.loaded.untrusted.filter((file) => file.loadError === null && !waiting.has(file.path)).map((file) => file.notice));
  return config.loaded.problems.filter((line) => !idle.has(line));
}
