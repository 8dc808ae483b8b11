// The one table of commands and files a security built-in refuses: Autohand's security guard and
// Wundr's dangerous-tool blocker both read it. Each entry is written in the permission-rule syntax
// of the `if` field wherever that syntax can say it, so every string in `rules` also works
// verbatim as a hook's `if` (`"if": "Bash(chmod 777 *)"`) and is matched by the same code
// (src/plan: subcommands split, wrappers such as sudo stripped, `sh -c` bodies read). A regex
// appears only where the rule syntax cannot express the danger, and says why.

/** One refused operation. */
export interface SecurityRule {
  /** Stable id, for options such as `disabledRules` and for the deny reason. */
  readonly id: string;
  /** What the rule refuses and why, as a deny reason. */
  readonly description: string;
  /** Permission rules (`Bash(rm -rf /)`, `Edit(//**\/.env*)`); each works verbatim in `if`. */
  readonly rules: readonly string[];
  /** A regex for what the rule syntax cannot express; null when `rules` say it all. */
  readonly regex: SecurityRegex | null;
}

/** A regex rule and where it is tested. */
export interface SecurityRegex {
  readonly pattern: RegExp;
  /**
   * `subcommand`: each reading of each subcommand, words joined by one space (as `if` reads a
   * Bash rule); `line`: the command line as written (pipes and redirections, which splitting hides).
   */
  readonly on: 'subcommand' | 'line';
  /** Why the permission-rule syntax could not say this. */
  readonly why: string;
}

// The tools a file rule is written for: reading a secret leaks it; writing one corrupts it.
const READ_TOOLS = ['Read'] as const;
const WRITE_TOOLS = ['Edit', 'Write', 'MultiEdit', 'NotebookEdit'] as const;

// `//**/x`: a file named x in any folder of the filesystem, wherever the agent's cwd is.
function fileRules(globs: readonly string[]): string[] {
  return [...READ_TOOLS, ...WRITE_TOOLS].flatMap((tool) => globs.map((glob) => `${tool}(//**/${glob})`));
}

// Block devices a write to destroys.
const DISK = '(?:sd[a-z]|hd[a-z]|vd[a-z]|xvd[a-z]|nvme\\d|mmcblk\\d|disk\\d)';

// rm with a recursive flag (any spelling, any order) aimed at /, a top-level system folder, ~ or
// the current folder.
const RM_TARGET = '(?:/|/\\*|/(?:bin|boot|dev|etc|home|lib|lib64|opt|root|sbin|srv|usr|var)/?|~|~/|~/\\*|\\.|\\./)';
const RM_RECURSIVE_AT_ROOT = new RegExp(`^rm\\s(?=(?:.*\\s)?(?:-[a-zA-Z]*[rR][a-zA-Z]*|--recursive)(?:\\s|$)).*?(?:^|\\s)${RM_TARGET}(?:\\s|$)`);

/** The rules, most destructive first. */
export const SECURITY_RULES: readonly SecurityRule[] = [
  {
    id: 'rm-recursive-root',
    description: 'recursive delete of /, a system folder, the home folder or the whole working folder',
    rules: ['Bash(rm -rf /)', 'Bash(rm -fr /)', 'Bash(rm -rf ~)', 'Bash(rm -fr ~)', 'Bash(rm -rf ~/)', 'Bash(rm -rf .)'],
    regex: {
      pattern: RM_RECURSIVE_AT_ROOT,
      on: 'subcommand',
      why: 'flags in any order or spelling (-rf, -fr, -Rf, -r -f, --recursive) and a literal `/*` target: a rule `*` is a wildcard, not a character',
    },
  },
  {
    id: 'rm-no-preserve-root',
    description: 'rm --no-preserve-root disables the last safety net against deleting /',
    rules: ['Bash(rm --no-preserve-root *)', 'Bash(rm * --no-preserve-root *)'],
    regex: null,
  },
  {
    id: 'sudo-rm',
    description: 'deleting files as root',
    rules: ['Bash(sudo rm *)', 'Bash(sudo * rm *)', 'Bash(doas rm *)'],
    regex: null,
  },
  {
    id: 'pipe-to-shell',
    description: 'running a downloaded script unseen (curl or wget piped into a shell)',
    rules: ['Bash(curl *| sh *)', 'Bash(curl *| bash *)', 'Bash(wget *| sh *)', 'Bash(wget *| bash *)'],
    regex: {
      pattern: /\b(?:curl|wget)\b[^;&]*\|\s*(?:sudo\s+(?:-\S+\s+)*)?(?:env\s+)?(?:\/\S*\/)?(?:ba|z|da|k)?sh\b|\b(?:ba|z|da|k)?sh\s+<\(\s*(?:curl|wget)\b|\b(?:ba|z|da|k)?sh\s+-c\s+["']?\$\(\s*(?:curl|wget)\b/,
      on: 'line',
      why: 'a pipe splits the line into subcommands, so only the line as written shows curl feeding a shell (also `bash <(curl ...)` and `sh -c "$(curl ...)"`)',
    },
  },
  {
    id: 'chmod-777',
    description: 'making files writable by every user (chmod 777)',
    rules: ['Bash(chmod 777 *)', 'Bash(chmod * 777 *)', 'Bash(chmod 0777 *)', 'Bash(chmod * 0777 *)', 'Bash(chmod a+rwx *)', 'Bash(chmod * a+rwx *)'],
    regex: null,
  },
  {
    id: 'mkfs',
    description: 'formatting a filesystem (mkfs)',
    rules: ['Bash(mkfs *)', 'Bash(mkfs.* *)'],
    regex: null,
  },
  {
    id: 'dd-to-device',
    description: 'dd writing straight onto a disk device',
    rules: ['sd', 'hd', 'vd', 'xvd', 'nvme', 'mmcblk', 'disk'].flatMap((device) => [`Bash(dd of=/dev/${device}*)`, `Bash(dd * of=/dev/${device}*)`]),
    regex: null,
  },
  {
    id: 'fork-bomb',
    description: 'a fork bomb: a function that pipes itself into itself in the background',
    rules: [],
    regex: {
      pattern: /([\w:.]+)\s*\(\)\s*\{[^}]*?\1\s*\|\s*\1\s*&[^}]*\}\s*;?\s*\1/,
      on: 'line',
      why: 'a function definition and its self-reference are not a command the rule syntax can name',
    },
  },
  {
    id: 'write-to-disk-device',
    description: 'writing onto a disk device (/dev/sd*, /dev/nvme*, ...)',
    rules: ['sd', 'nvme'].flatMap((device) => [`Bash(tee /dev/${device}*)`, `Bash(tee * /dev/${device}*)`, `Bash(cp * /dev/${device}*)`]),
    regex: {
      pattern: new RegExp(`(?:^|[^<>&0-9])\\d?>>?\\|?\\s*/dev/${DISK}`),
      on: 'line',
      why: 'a redirection target is not a word of the command, so subcommand rules never see `> /dev/sda`',
    },
  },
  {
    id: 'env-file',
    description: 'reading or writing a .env file (secrets)',
    rules: fileRules(['.env*']),
    regex: null,
  },
  {
    id: 'private-key',
    description: 'reading or writing a private key (*.pem, *.key, id_rsa, id_ed25519, id_ecdsa)',
    rules: fileRules(['*.pem', '*.key', 'id_rsa*', 'id_ed25519*', 'id_ecdsa*', 'id_dsa*']),
    regex: null,
  },
  {
    id: 'ssh-folder',
    description: 'reading or writing inside a .ssh folder',
    rules: fileRules(['.ssh/']),
    regex: null,
  },
  {
    id: 'credentials-file',
    description: 'reading or writing a credentials file (credentials.json, secrets.json, .npmrc, .pypirc, .netrc, .aws/credentials, .git-credentials)',
    rules: fileRules(['credentials.json', 'secrets.json', '.npmrc', '.pypirc', '.netrc', '.git-credentials', '.aws/credentials']),
    regex: null,
  },
];

/** Every permission-rule string of the table, for an `if` field or a settings file. */
export function securityRuleStrings(): string[] {
  return SECURITY_RULES.flatMap((rule) => rule.rules);
}
