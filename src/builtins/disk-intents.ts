// The disk rules' tests: formatting a disk or replacing its partition table (mkfs, wipefs,
// diskutil, sgdisk, parted, sfdisk), dd onto a disk device, and any other write onto one (a
// redirection, tee, cp, shred, badblocks -w). A device is recognised by its path however spelt;
// an image file is fine.
import { firstBreaking, type CommandIntent } from './command-intent.js';
import { redirectTargets, writtenOperands } from './file-accesses.js';
import { absolutePath, isDiskDevice } from './security-paths.js';
import { argumentValues, type ShellCommand } from './shell-scan.js';
import { isUnknown } from './shell-words.js';

const FORMATTERS = /^(?:mkfs(?:\..+)?|mke2fs|mkswap|mkdosfs|mkntfs|mkexfatfs|mkfs_msdos|newfs(?:_.+)?)$/;
const DISKUTIL_ERASE: ReadonlySet<string> = new Set(['erasedisk', 'erasevolume', 'partitiondisk', 'zerodisk', 'randomdisk', 'secureerase', 'reformat']);

/** mkfs and friends on a disk (or on a target only known at run time), or a new partition table; formatting an image file is fine. */
export const formatsDisk: CommandIntent = (scan) =>
  firstBreaking(scan, (command) => {
    const args = argumentValues(command);
    if (FORMATTERS.test(command.program) || (command.program === 'wipefs' && args.some((arg) => /^-[a-zA-Z]*a/.test(arg) || arg === '--all'))) {
      const targets = args.filter((arg) => !arg.startsWith('-'));
      return targets.some((arg) => isUnknown(arg) || (absolutePath(arg, command.cwd) ?? '').startsWith('/dev/'));
    }
    if (command.program === 'diskutil') return DISKUTIL_ERASE.has(args[0]?.toLowerCase() ?? '') || (args[0] === 'apfs' && /^delete/i.test(args[1] ?? ''));
    if (command.program === 'sgdisk') return args.some((arg) => /^-[a-zA-Z]*[Zo]/.test(arg) || arg === '--zap-all' || arg === '--clear');
    // A new partition table (parted mklabel, sfdisk writing one) loses every partition on the disk.
    if (command.program === 'parted') return args.some((arg) => /^(?:mklabel|mktable|rm)$/i.test(arg));
    if (command.program === 'sfdisk') return !args.some((arg) => /^-[a-zA-Z]*[lsdJgV]/.test(arg) || /^--(?:list|show-size|dump|json|show-geometry|version|help|verify)/.test(arg)) && args.some((arg) => arg.startsWith('/dev/') || isUnknown(arg));
    return false;
  });

/** dd (or ddrescue) writing to a disk device: `of=/dev/sda`, however the path is spelt. */
export const ddOntoDevice: CommandIntent = (scan) =>
  firstBreaking(scan, (command) => {
    if (command.program === 'dd' || command.program === 'dcfldd' || command.program === 'dc3dd') {
      return argumentValues(command).some((arg) => arg.startsWith('of=') && isDevicePath(arg.slice(3), command));
    }
    if (command.program === 'ddrescue') {
      const operands = argumentValues(command).filter((arg) => !arg.startsWith('-'));
      return operands.length >= 2 && isDevicePath(operands[1]!, command);
    }
    return false;
  });

/** Writing onto a disk device: a redirection, tee, cp, shred, badblocks -w, ... (dd has its own rule). */
export const writesDiskDevice: CommandIntent = (scan) =>
  firstBreaking(scan, (command) => [...redirectTargets(command), ...(command.program === 'dd' ? [] : writtenOperands(command))].some((target) => isDevicePath(target, command)));

const isDevicePath = (value: string, command: ShellCommand) => isDiskDevice(absolutePath(value, command.cwd) ?? '');
