// The one table of commands and files a security built-in refuses: Autohand's security guard and
// Wundr's dangerous-tool blocker both read it. A rule names an intent, not a spelling: the
// built-ins parse a Bash call (unbash, src/builtins/shell-script.ts), unwrap every command it runs
// to its program and normalise its flags and paths, then test each command rule's `test` (a
// CommandIntent, src/builtins/command-intent.ts, from the file of its family: delete-intents.ts,
// disk-intents.ts, ...); a file rule's id is the kind of secret path it refuses
// (src/builtins/security-paths.ts), read or written through a file tool or a shell command.
// `rules` spell each rule's plain forms in the permission-rule syntax of the `if` field, for
// hooks that want the same rule as a filter: every string works verbatim as a hook's `if`.
import type { CommandIntent } from './command-intent.js';
import { findDeleteOfProtected, privilegedRm, recursiveDeleteOfProtected, rmWithoutPreserveRoot } from './delete-intents.js';
import { ddOntoDevice, formatsDisk, writesDiskDevice } from './disk-intents.js';
import { forkBomb } from './fork-bomb-intent.js';
import { pipeIntoShell } from './pipe-to-shell-intent.js';
import type { SecretKind } from './security-paths.js';
import { writesSystemFile } from './system-file-intent.js';
import { worldWritable } from './world-writable-intent.js';

/** One refused operation. */
export interface SecurityRule {
  /** Stable id, for options such as `disabledRules` and for the deny reason. */
  readonly id: string;
  /** What the rule refuses and why, as a deny reason. */
  readonly description: string;
  /** What the built-ins test, in words. */
  readonly intent: string;
  /** Permission rules for the plain spellings (`Bash(rm -rf /)`, `Read(//**\/.env*)`); each works verbatim in `if`. */
  readonly rules: readonly string[];
  /**
   * A command rule's test on the commands a Bash call runs; null for a file rule, whose id is the
   * kind of secret path it refuses.
   */
  readonly test: CommandIntent | null;
}

// The tools a file rule's `if` strings are written for: reading a secret leaks it; writing one corrupts it.
const READ_TOOLS = ['Read'] as const;
const WRITE_TOOLS = ['Edit', 'Write', 'MultiEdit', 'NotebookEdit'] as const;

// `//**/x`: a file named x in any folder of the filesystem, wherever the agent's cwd is.
function fileRules(globs: readonly string[]): string[] {
  return [...READ_TOOLS, ...WRITE_TOOLS].flatMap((tool) => globs.map((glob) => `${tool}(//**/${glob})`));
}

const SECRET_ACCESS = 'read through Read, Grep (`path`, `glob`) or Glob (`pattern`, `path`), written through Write, Edit, MultiEdit or NotebookEdit, or read, copied, sent or written by a shell command (cat, less, grep, cp, scp, tar, curl -d @file, `>`, tee, ...)';

/** The rules, most destructive first. */
export const SECURITY_RULES: readonly SecurityRule[] = [
  {
    id: 'rm-recursive-root',
    description: 'recursive delete of /, a system folder, the home folder or a folder holding the project or the working folder',
    intent: 'rm with a recursive flag in any spelling (-r, -R, -rf, -fr, -r -f, --recursive, --rec) on /, a system folder, ~, or the project, the working folder or a folder holding them, however the path is spelt (//, /., /*, ~/, $HOME, "${HOME}", .., .); rsync --delete onto one',
    rules: ['Bash(rm -rf /)', 'Bash(rm -fr /)', 'Bash(rm -rf /*)', 'Bash(rm -rf ~)', 'Bash(rm -fr ~)', 'Bash(rm -rf ~/)', 'Bash(rm -rf .)'],
    test: recursiveDeleteOfProtected,
  },
  {
    id: 'rm-no-preserve-root',
    description: 'rm --no-preserve-root disables the last safety net against deleting /',
    intent: 'rm with --no-preserve-root (or an abbreviation getopt accepts)',
    rules: ['Bash(rm --no-preserve-root *)', 'Bash(rm * --no-preserve-root *)'],
    test: rmWithoutPreserveRoot,
  },
  {
    id: 'find-delete',
    description: 'find deleting everything under /, a system folder, the home folder or the project',
    intent: 'find with -delete or -exec rm/shred/unlink (also through sh -c) from / or a system folder, or from ~, the project or the working folder without a -name/-path/-regex filter',
    rules: ['Bash(find / *-delete*)', 'Bash(find ~ *-delete*)', 'Bash(find / *-exec rm *)'],
    test: findDeleteOfProtected,
  },
  {
    id: 'sudo-rm',
    description: 'deleting files as root',
    intent: 'rm run under sudo, doas, pkexec, run0, su -c or sg',
    rules: ['Bash(sudo rm *)', 'Bash(sudo * rm *)', 'Bash(doas rm *)'],
    test: privilegedRm,
  },
  {
    id: 'pipe-to-shell',
    description: 'running downloaded or decoded code unseen (curl or wget, or a decoder such as base64 -d, piped into a shell or an interpreter)',
    intent: 'a downloader (curl, wget, fetch, nc, ...) or decoder (base64 -d, xxd -r, gunzip, ...) feeding a shell, python, perl, ruby, node or php that reads its code from stdin, through a pipe, `bash <(curl ...)`, `sh -c "$(curl ...)"`, `eval "$(...)"`, `source <(...)` or a here-string',
    rules: ['Bash(curl *| sh *)', 'Bash(curl *| bash *)', 'Bash(wget *| sh *)', 'Bash(wget *| bash *)'],
    test: pipeIntoShell,
  },
  {
    id: 'chmod-777',
    description: 'making files writable by every user (chmod 777, o+w, a=rwx)',
    intent: 'chmod, mkdir -m or install -m with a mode that gives others write access: octal with the 0o002 bit (777, 0777, 666, 757), or symbolic o+w, a+w, a=rwx, go+w',
    rules: ['Bash(chmod 777 *)', 'Bash(chmod * 777 *)', 'Bash(chmod 0777 *)', 'Bash(chmod * 0777 *)', 'Bash(chmod a+rwx *)', 'Bash(chmod * a+rwx *)', 'Bash(chmod a=rwx *)', 'Bash(chmod * a=rwx *)', 'Bash(chmod o+w *)', 'Bash(chmod * o+w *)'],
    test: worldWritable,
  },
  {
    id: 'mkfs',
    description: 'formatting a disk or replacing its partition table (mkfs, wipefs, parted mklabel)',
    intent: 'mkfs, mkfs.*, mke2fs, mkswap, newfs, wipefs -a on a /dev path or a target only known at run time (an image file is fine); diskutil erase*, sgdisk --zap-all, parted mklabel/rm, sfdisk writing a table',
    rules: ['Bash(mkfs *)', 'Bash(mkfs.* *)'],
    test: formatsDisk,
  },
  {
    id: 'dd-to-device',
    description: 'dd writing straight onto a disk device',
    intent: 'dd (dcfldd, ddrescue) whose of= is a disk device (/dev/sd*, nvme*, mmcblk*, disk*, mapper/*, ...), however the path is spelt',
    rules: ['sd', 'hd', 'vd', 'xvd', 'nvme', 'mmcblk', 'disk'].flatMap((device) => [`Bash(dd of=/dev/${device}*)`, `Bash(dd * of=/dev/${device}*)`]),
    test: ddOntoDevice,
  },
  {
    id: 'fork-bomb',
    description: 'a fork bomb: a function that runs itself in a pipe or in the background',
    intent: 'a shell function whose body calls it in a pipe or in the background, called by the script (`:(){ :|:& };:`); a fork loop in perl, python or ruby code given inline',
    rules: [],
    test: forkBomb,
  },
  {
    id: 'write-to-disk-device',
    description: 'writing onto a disk device (/dev/sd*, /dev/nvme*, ...)',
    intent: 'a redirection (>, >>, &>, >|) onto a disk device, also around a group (`{ ...; } > /dev/sda`); tee, cp, shred, blkdiscard or badblocks -w on one',
    rules: ['sd', 'nvme'].flatMap((device) => [`Bash(tee /dev/${device}*)`, `Bash(tee * /dev/${device}*)`, `Bash(cp * /dev/${device}*)`]),
    test: writesDiskDevice,
  },
  {
    id: 'system-file-write',
    description: 'overwriting, truncating or deleting a system account, privilege, start-up or boot file (/etc/passwd, /etc/shadow, /etc/sudoers, /boot, ...)',
    intent: 'a redirection, tee, cp/mv/install/ln, dd of=, sed -i, perl -i, truncate, rm or shred on /etc/passwd, shadow, group, gshadow, sudoers(.d), fstab, crontab, cron.d, ld.so.preload, profile(.d), environment, bash.bashrc, rc.local, pam.d, security, hosts.allow/deny or anything in /boot',
    rules: ['passwd', 'shadow', 'sudoers'].flatMap((file) => [`Bash(tee /etc/${file}*)`, `Bash(tee * /etc/${file}*)`]),
    test: writesSystemFile,
  },
  {
    id: 'env-file',
    description: 'reading or writing a .env file (secrets)',
    intent: `.env, .env.* and .envrc, except templates (.env.example, .env.sample, .env.template, .env.dist, .env.defaults, ...), ${SECRET_ACCESS}`,
    rules: fileRules(['.env', '.env.*', '.envrc']),
    test: null,
  },
  {
    id: 'private-key',
    description: 'reading or writing a private key (*.pem, *.key, *.p12, *.pfx, *.ppk, id_rsa, id_ed25519, id_ecdsa, id_dsa, ~/.gnupg)',
    intent: `*.pem, *.key, *.p12, *.pfx, *.ppk, id_rsa*, id_ed25519*, id_ecdsa*, id_dsa* (not *.pub), ssh_host_*_key, anything in .gnupg/, ${SECRET_ACCESS}`,
    rules: fileRules(['*.pem', '*.key', '*.p12', '*.pfx', '*.ppk', 'id_rsa*', 'id_ed25519*', 'id_ecdsa*', 'id_dsa*', '.gnupg/']),
    test: null,
  },
  {
    id: 'ssh-folder',
    description: 'reading or writing inside a .ssh folder',
    intent: `anything in a .ssh folder (keys, config, authorized_keys, known_hosts), ${SECRET_ACCESS}`,
    rules: fileRules(['.ssh/']),
    test: null,
  },
  {
    id: 'credentials-file',
    description: 'reading or writing a credentials file (.npmrc, .netrc, .git-credentials, .aws/credentials, .docker/config.json, kube config, credentials.json, ...)',
    intent: `/etc/shadow, /etc/gshadow, credentials.json, secrets.json/.yml, .npmrc, .pypirc, .netrc, .git-credentials, .pgpass, .my.cnf, .s3cfg, .boto, .vault-token, .htpasswd, Terraform and gcloud tokens, anything in .aws/, .kube/ or .password-store/, .docker/config.json, .config/gh/hosts.yml, .cargo/credentials, ${SECRET_ACCESS}`,
    rules: fileRules(['credentials.json', 'secrets.json', '.npmrc', '.pypirc', '.netrc', '.git-credentials', '.pgpass', '.aws/credentials', '.docker/config.json', '.kube/config']),
    test: null,
  },
];

/** The ids of the file rules, which are the kinds of secret path. */
export const FILE_RULE_IDS: readonly SecretKind[] = ['env-file', 'private-key', 'ssh-folder', 'credentials-file'];

/** Every permission-rule string of the table, for an `if` field or a settings file. */
export function securityRuleStrings(): string[] {
  return SECURITY_RULES.flatMap((rule) => rule.rules);
}
