// The chmod-777 rule's test: a mode that gives others write access (777, 666, 0757, o+w, a=rwx,
// ...), however the command sets it: chmod, mkdir -m, install -m, or an ACL entry of setfacl.
import { firstBreaking, type CommandIntent } from './command-intent.js';
import { parseOptions, type OptionSpec } from './shell-options.js';
import { argumentValues } from './shell-scan.js';
import { isUnknown } from './shell-words.js';

const CHMOD_OPTIONS: OptionSpec = { long: { changes: 'flag', silent: 'flag', quiet: 'flag', verbose: 'flag', 'no-preserve-root': 'flag', 'preserve-root': 'flag', reference: 'value', recursive: 'flag', help: 'flag', version: 'flag' }, permute: true };

/** chmod (or mkdir -m, install -m) giving others write access: 777, 666, 0757, o+w, a=rwx, ... */
export const worldWritable: CommandIntent = (scan) =>
  firstBreaking(scan, (command) => {
    if (command.program === 'chmod') {
      const args = argumentValues(command);
      const mode = args.find((arg) => !arg.startsWith('-'));
      const options = parseOptions(args.filter((arg) => arg.startsWith('--')), CHMOD_OPTIONS);
      return !options.long.has('reference') && mode !== undefined && modeGivesOthersWrite(mode);
    }
    if (command.program === 'setfacl') {
      const options = parseOptions(argumentValues(command), { shortValue: 'mMxX', long: { modify: 'value', 'modify-file': 'value', remove: 'value', set: 'value' }, permute: true });
      return [...(options.values.get('m') ?? []), ...(options.values.get('modify') ?? []), ...(options.values.get('set') ?? [])].some(aclGivesOthersWrite);
    }
    if (command.program === 'mkdir' || command.program === 'install') {
      const options = parseOptions(argumentValues(command), { shortValue: command.program === 'install' ? 'mgoStT' : 'm', long: { mode: 'value', owner: 'value', group: 'value', suffix: 'value', 'target-directory': 'value', context: 'value' }, permute: true });
      return [...(options.values.get('m') ?? []), ...(options.values.get('mode') ?? [])].some(modeGivesOthersWrite);
    }
    return false;
  });

/** True when a chmod mode sets the others-write bit: octal with bit 0o002, or a symbolic `o+w`, `a=rwx`, `go+w`. */
export function modeGivesOthersWrite(mode: string): boolean {
  if (isUnknown(mode)) return false;
  if (/^[0-7]{1,5}$/.test(mode)) return (Number.parseInt(mode, 8) & 0o002) !== 0;
  return mode.split(',').some((clause) => {
    const match = /^([ugoa]*)((?:[-+=][rwxXst]*)+)$/.exec(clause);
    if (match === null || !/[oa]/.test(match[1]!)) return false;
    return [...match[2]!.matchAll(/([-+=])([rwxXst]*)/g)].some(([, operator, perms]) => operator !== '-' && perms!.includes('w'));
  });
}

// setfacl entries `o::rwx`, `other:rw`, `d:o::7`: the others entry with write permission.
function aclGivesOthersWrite(acl: string): boolean {
  return acl.split(',').some((entry) => {
    const fields = entry.trim().split(':');
    const tag = fields[0] === 'd' || fields[0] === 'default' ? fields[1] : fields[0];
    const perms = fields.at(-1) ?? '';
    return (tag === 'o' || tag === 'other') && (perms.includes('w') || (/^[0-7]$/.test(perms) && (Number(perms) & 2) !== 0));
  });
}
