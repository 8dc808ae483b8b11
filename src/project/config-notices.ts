// What a run says about the configuration it ran under, beside the hooks' own answers: the
// loader's problems and the settings entries that call hookpool itself (skipped, said so that a
// hand-made one is not lost silently).
import type { CliConfig } from './load-project.js';
import { describeSource } from './describe.js';

export function configNotices(config: CliConfig): string[] {
  return [...config.loaded.problems, ...selfCallNotices(config)];
}

function selfCallNotices(config: CliConfig): string[] {
  if (config.selfCalls.length === 0) return [];
  const places = config.selfCalls.map((hook) => describeSource(hook.definition.source, config.cwd)).join(', ');
  const count = config.selfCalls.length;
  return [`skipped ${count === 1 ? 'an entry that calls' : `${count} entries that call`} hookpool itself (${places}): hookpool never runs inside hookpool`];
}
