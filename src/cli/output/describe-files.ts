// Which configuration files were read (or looked for), shared by `list` and `validate`.
import { listConfigFiles } from '../../config/discover.js';
import type { CliConfig } from '../load-cli-config.js';
import type { ConfigOptions } from '../config-options.js';
import { displayPath, plural } from './describe.js';

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

/** The untrusted project files, one line each, saying how to let them run. */
export function describeUntrusted(config: CliConfig): string[] {
  const untrusted = new Map<string, number>();
  for (const hook of config.hooks) {
    const file = hook.definition.source?.file;
    if (!hook.trusted && file !== undefined) untrusted.set(file, (untrusted.get(file) ?? 0) + 1);
  }
  return [...untrusted].map(([file, count]) => `${displayPath(file, config.cwd, config.home)}: ${plural(count, 'hook')} not run until you trust the file: review it, then run hookpool trust`);
}
