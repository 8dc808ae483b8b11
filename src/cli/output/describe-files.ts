// Which configuration files were read (or looked for), shared by `list`, `validate` and `doctor`.
import { listConfigFiles } from '../../config/discover.js';
import { describeFailOpenGuard, failOpenGuards } from '../../config/failure-knobs.js';
import type { CliConfig } from '../../project/load-project.js';
import type { ConfigOptions } from '../config-options.js';
import { displayPath, plural } from '../../project/describe.js';
import { filesWaitingForTrust } from '../../project/waiting-for-trust.js';

/** `2 files: .hookpool/hooks.json (native, project), ~/.claude/settings.json (claude, user)` */
export function describeFilesRead(config: CliConfig): string {
  const { files } = config.loaded;
  const names = files.map((file) => `${displayPath(file.path, config.cwd, config.home)} (${file.format}, ${file.scope})`);
  return `${plural(files.length, 'file')}${names.length > 0 ? `: ${names.join(', ')}` : ''}`;
}

/** Where discovery looked, for the "nothing configured" hint. */
export function describeSearchedPlaces(config: CliConfig, options: ConfigOptions): string {
  const candidates = listConfigFiles({ cwd: config.cwd, home: config.home, files: options.config, claudeSettings: options.claudeSettings });
  return candidates.map((candidate) => displayPath(candidate.path, config.cwd, config.home)).join(', ');
}

/**
 * The untrusted project files that could be trusted as they are, each with how to let it run and
 * what changed since the last approval (files that cannot be loaded are already problem lines).
 */
export function describeUntrusted(config: CliConfig): string[] {
  return filesWaitingForTrust(config)
    .flatMap(({ file, hooks }) => {
      const effects = [
        ...(hooks.length > 0 ? [`${plural(hooks.length, 'hook')} not run`] : []),
        ...(file.disableAllHooks ? ['"disableAllHooks": true not applied'] : []),
      ];
      const name = displayPath(file.path, config.cwd, config.home);
      return [
        `${name}: ${effects.join(', ')} until you trust the file: review it, then run hookpool trust`,
        ...file.changes.map((change) => `  since you trusted it: ${change}`),
      ];
    });
}

/** `line` with every configuration file's path as the user would type it (`~/.autohand/config.json`). */
export function shortenPaths(line: string, config: CliConfig): string {
  return config.loaded.files.reduce((text, file) => text.replaceAll(file.path, displayPath(file.path, config.cwd, config.home)), line);
}

/** One line per guard that lets its action proceed when its hook fails, with the line that closes it. */
export function describeFailOpenGuards(config: CliConfig): string[] {
  return failOpenGuards(config.hooks.map((hook) => hook.definition)).map((guard) => shortenPaths(describeFailOpenGuard(guard), config));
}
