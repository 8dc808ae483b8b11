// The system-file rule's test: overwriting, truncating, editing in place, deleting or moving away
// a file that holds the system's accounts, privileges, mounts, start-up or boot (`> /etc/passwd`,
// `tee -a /etc/sudoers`, `sed -i ... /etc/shadow`, `cp passwd /etc/`).
import { posix } from 'node:path';
import { firstBreaking, type CommandIntent } from './command-intent.js';
import { DELETERS, writtenFiles } from './file-accesses.js';
import { absolutePath, isSystemFile } from './security-paths.js';
import { argumentValues } from './shell-scan.js';

// Folders a copy into which names a system file after its source (`cp passwd /etc/`).
const SYSTEM_FILE_FOLDERS_FOR_COPY: ReadonlySet<string> = new Set(['/etc', '/private/etc', '/boot', '/etc/sudoers.d', '/etc/pam.d', '/etc/cron.d', '/etc/profile.d']);

/** Overwriting, truncating or deleting a system account, privilege, start-up or boot file (`> /etc/passwd`, `tee -a /etc/sudoers`, `sed -i ... /etc/shadow`). */
export const writesSystemFile: CommandIntent = (scan) =>
  firstBreaking(scan, (command) => {
    const targets = writtenFiles(command);
    // Deleting one, or moving it away, is as bad as overwriting it.
    if (DELETERS.has(command.program) || command.program === 'mv') targets.push(...argumentValues(command).filter((arg) => !arg.startsWith('-')));
    if (targets.some((target) => isSystemFile(absolutePath(target, command.cwd) ?? ''))) return true;
    // cp passwd /etc/ writes /etc/passwd.
    if (['cp', 'mv', 'install', 'ln'].includes(command.program)) {
      const operands = argumentValues(command).filter((arg) => !arg.startsWith('-'));
      const folder = absolutePath(operands.at(-1) ?? '', command.cwd);
      if (folder !== null && operands.length > 1 && SYSTEM_FILE_FOLDERS_FOR_COPY.has(folder)) {
        return operands.slice(0, -1).some((source) => !folder.endsWith('/etc') || isSystemFile(`/etc/${posix.basename(source)}`));
      }
    }
    return false;
  });
