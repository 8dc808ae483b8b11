// What a path means to the security rules: a folder whose loss is a disaster (/, a system folder,
// the home folder, a folder holding the project or the working folder), a disk device, a system
// account or boot file, a secret. Paths are normalised first: `//`, `/.`, `/./x`, `a/../b` and
// trailing slashes are the path they spell (`~` and `$HOME` were resolved with the word).
import { posix } from 'node:path';
import { GLOB_ANY, GLOB_ONE, GLOB_SET, globPatternSource, hasGlob, isUnknown } from './shell-words.js';

/** The folders a call is anchored to. */
export interface PathContext {
  readonly home: string;
  readonly projectDir: string;
  /** The call's working folder (the agent's, not one a `cd` in the command moved to). */
  readonly cwd: string;
}

// Top-level system folders (Linux and macOS) and the system folders right under /usr and /var.
const SYSTEM_FOLDERS: ReadonlySet<string> = new Set([
  '/bin', '/boot', '/dev', '/etc', '/home', '/lib', '/lib32', '/lib64', '/libx32', '/media', '/mnt', '/opt', '/proc', '/root', '/run', '/sbin', '/snap', '/srv', '/sys', '/usr', '/var', '/nix',
  '/System', '/Library', '/Applications', '/Users', '/Volumes', '/private', '/cores', '/private/etc', '/private/var',
  '/usr/bin', '/usr/sbin', '/usr/lib', '/usr/lib64', '/usr/libexec', '/usr/local', '/usr/share', '/usr/include', '/usr/local/bin', '/usr/local/lib', '/var/lib',
]);

/** The absolute path a path word names, against `cwd`; null when it is only known at run time. */
export function absolutePath(value: string, cwd: string | null): string | null {
  if (isUnknown(value) || value === '') return null;
  if (value.startsWith('/')) return posix.resolve(value);
  return cwd === null ? null : posix.resolve(cwd, value);
}

/**
 * The folder a deletion of `value` empties as a whole: the path itself, or for a broad glob in its
 * last part (`/*`, `~/*`, `*`, `.*`) the folder the glob lists. Null when unknown or narrower.
 */
export function wholeFolderTarget(value: string, cwd: string | null): string | null {
  if (isUnknown(value)) return null;
  if (!hasGlob(value)) return absolutePath(value, cwd);
  const segments = value.split('/');
  let last = segments.length - 1;
  while (last > 0 && segments[last] === '') last--;
  const globbed = segments.findIndex((segment) => hasGlob(segment));
  if (globbed !== last || !BROAD_GLOB.test(segments[last]!)) return null;
  const folder = segments.slice(0, last).join('/');
  return absolutePath(folder === '' ? (value.startsWith('/') ? '/' : '.') : folder, cwd);
}

// A last path part that matches (nearly) everything in its folder: `*`, `.*`, `*.*`, `?*`, `[...]*`.
const BROAD_GLOB = new RegExp(`^[.${GLOB_ANY}${GLOB_ONE}${GLOB_SET}]+$`);

/** Why losing `path` would be a disaster, or null: the filesystem root, a system folder, home, or a folder holding the project or the working folder. */
export function protectedFolder(path: string, context: PathContext): string | null {
  if (path === '/') return 'the filesystem root';
  if (SYSTEM_FOLDERS.has(path)) return `the system folder ${path}`;
  if (path === context.home) return 'the home folder';
  if (holds(path, context.home)) return 'a folder holding the home folder';
  if (path === context.projectDir || holds(path, context.projectDir)) return 'the project (or a folder holding it)';
  if (path === context.cwd || holds(path, context.cwd)) return 'the working folder (or a folder holding it)';
  return null;
}

/** True when `folder` strictly contains `path`. */
export function holds(folder: string, path: string): boolean {
  return path.startsWith(folder === '/' ? '/' : `${folder}/`) && path !== folder;
}

/** True when the path is a system folder or / itself (a tree no filter makes safe to delete from). */
export function isSystemFolder(path: string): boolean {
  return path === '/' || SYSTEM_FOLDERS.has(path);
}

// Block devices (whole disks and partitions), device-mapper and md volumes, and raw memory.
const DISK_DEVICE = /^\/dev\/(?:(?:sd|hd|vd|xvd)[a-z]+\d*|nvme\d+(?:n\d+(?:p\d+)?)?|mmcblk\d+(?:p\d+)?|r?disk\d+(?:s\d+)*|md\d+|dm-\d+|mapper\/.+|disk\/.+|root|mem|kmem|port)$/;

/** True when the path is a disk device (or raw memory) a write destroys. */
export function isDiskDevice(path: string): boolean {
  return DISK_DEVICE.test(path);
}

// Files that hold the system's accounts, privileges, mounts, start-up and boot: overwriting,
// truncating or deleting one locks everyone out or plants code that runs as root.
const SYSTEM_FILES: ReadonlySet<string> = new Set(['/etc/passwd', '/etc/shadow', '/etc/group', '/etc/gshadow', '/etc/sudoers', '/etc/fstab', '/etc/crontab', '/etc/ld.so.preload', '/etc/profile', '/etc/environment', '/etc/bash.bashrc', '/etc/rc.local', '/etc/hosts.allow', '/etc/hosts.deny']);
const SYSTEM_FILE_FOLDERS = ['/etc/sudoers.d', '/etc/pam.d', '/etc/cron.d', '/etc/profile.d', '/boot', '/etc/security'];

/** True when the path is a system account, privilege, start-up or boot file (macOS's /private/etc too). */
export function isSystemFile(path: string): boolean {
  const plain = path.startsWith('/private/etc/') ? path.slice('/private'.length) : path;
  return SYSTEM_FILES.has(plain) || SYSTEM_FILE_FOLDERS.some((folder) => holds(folder, plain));
}

/** The kinds of secret file, by rule id. */
export type SecretKind = 'env-file' | 'private-key' | 'ssh-folder' | 'credentials-file';

// `.env.example` and friends are templates meant to be read and committed.
const ENV_TEMPLATES: ReadonlySet<string> = new Set(['example', 'examples', 'sample', 'samples', 'template', 'templates', 'tmpl', 'tpl', 'dist', 'default', 'defaults', 'schema', 'spec', 'test.example']);
const PRIVATE_KEY_NAME = /^(?:id_(?:rsa|dsa|ecdsa|ed25519)(?:_sk)?(?:[._-][^/]*)?|ssh_host_\w+_key)$/;
const KEY_EXTENSION = /\.(?:pem|key|p12|pfx|ppk)$/i;
const CREDENTIAL_NAMES: ReadonlySet<string> = new Set(['credentials.json', 'secrets.json', 'secrets.yml', 'secrets.yaml', '.npmrc', '.pypirc', '.netrc', '_netrc', '.git-credentials', '.pgpass', '.my.cnf', '.s3cfg', '.boto', '.vault-token', '.dockercfg', 'credentials.tfrc.json', '.terraformrc', 'application_default_credentials.json', '.htpasswd']);
// A file at the end of these folders, wherever they are (`~/.aws/credentials`).
const CREDENTIAL_PATHS = ['etc/shadow', 'etc/gshadow', '.aws/credentials', '.docker/config.json', '.kube/config', '.config/gh/hosts.yml', '.config/hub', '.config/gcloud/credentials.db', '.config/gcloud/access_tokens.db', '.azure/accessTokens.json', '.azure/msal_token_cache.json', '.cargo/credentials', '.cargo/credentials.toml', '.gem/credentials', '.m2/settings-security.xml'];
// Folders everything in which is secret.
const SECRET_FOLDERS: Readonly<Record<string, SecretKind>> = { '.ssh': 'ssh-folder', '.gnupg': 'private-key', '.password-store': 'credentials-file' };
// Folders that hold credentials among ordinary files: searching or archiving one reads them, but
// a file inside (`~/.aws/config`) is judged by its own name.
const CREDENTIAL_FOLDERS = ['.aws', '.kube', '.docker', '.azure', '.config/gcloud', '.config/gh'];

/**
 * The kind of secret a path is (a file, or a folder of secrets a search or an archive would
 * read), or null. Works on absolute and relative paths alike: secrets are recognised by name.
 */
export function secretKind(path: string): SecretKind | null {
  const segments = posix.normalize(path).split('/').filter((segment) => segment !== '' && segment !== '.');
  const name = segments.at(-1);
  if (name === undefined) return null;
  // A public key (`~/.ssh/id_ed25519.pub`) is meant to be shared.
  const isPublicKey = name.endsWith('.pub');
  for (const segment of segments) {
    const folder = SECRET_FOLDERS[segment];
    if (folder !== undefined && !isPublicKey) return folder;
  }
  if (isEnvFileName(name)) return 'env-file';
  if (PRIVATE_KEY_NAME.test(name) && !isPublicKey) return 'private-key';
  if (KEY_EXTENSION.test(name)) return 'private-key';
  if (CREDENTIAL_NAMES.has(name)) return 'credentials-file';
  const joined = segments.join('/');
  const endsWith = (tail: string) => joined === tail || joined.endsWith(`/${tail}`);
  if (CREDENTIAL_PATHS.some(endsWith) || CREDENTIAL_FOLDERS.some(endsWith)) return 'credentials-file';
  return null;
}

function isEnvFileName(name: string): boolean {
  if (name === '.env' || name === '.envrc') return true;
  if (!name.startsWith('.env.')) return false;
  const suffix = name.slice('.env.'.length).toLowerCase();
  return !suffix.split('.').some((part) => ENV_TEMPLATES.has(part)) && !ENV_TEMPLATES.has(suffix);
}

// Names a glob is tried on: one that matches some secret and no ordinary file aims at secrets
// (`**/.env*`, `*.pem`, `**/.ssh/**`); one that also matches ordinary files (`**/*`, `*.json`) is
// a plain listing or search.
const SECRET_SAMPLES: readonly string[] = ['.env', '.env.local', '.env.production', '.envrc', 'id_rsa', 'id_ed25519', 'server.pem', 'tls.key', 'cert.p12', '.ssh/id_rsa', '.ssh/config', '.ssh/authorized_keys', '.gnupg/private-keys-v1.d/key', '.npmrc', '.netrc', '.pypirc', '.git-credentials', 'credentials.json', 'secrets.json', '.aws/credentials', '.docker/config.json', '.kube/config', '.pgpass'];
const ORDINARY_SAMPLES: readonly string[] = ['index.ts', 'README.md', 'package.json', 'main.py', 'Makefile', 'app.js', 'style.css', 'config.yaml', 'Cargo.toml', '.gitignore', '.eslintrc.json', '.github/workflows/ci.yml', 'notes.txt', 'data.csv', 'lib.rs', 'main.go'];
const prefixed = (names: readonly string[]) => names.flatMap((name) => [name, `src/${name}`, `a/b/${name}`]);
const SECRET_GLOB_SAMPLES = prefixed(SECRET_SAMPLES);
const ORDINARY_GLOB_SAMPLES = prefixed(ORDINARY_SAMPLES);

/**
 * The kind of secret a glob (relative to a folder) aims at, or null. `matches` compiles the glob
 * (picomatch, dotfiles included).
 */
export function secretGlobKind(matches: (path: string) => boolean): SecretKind | null {
  return sampledSecretKind(matches, SECRET_GLOB_SAMPLES, ORDINARY_GLOB_SAMPLES);
}

// Names a glob in the file name of a shell command's path is tried on.
const SECRET_NAMES: readonly string[] = ['.env', '.env.local', '.env.production', 'id_rsa', 'id_ed25519', 'server.pem', 'tls.key', '.npmrc', '.netrc', '.git-credentials', 'credentials.json'];
const ORDINARY_NAMES: readonly string[] = ['index.ts', 'README.md', 'package.json', 'main.py', 'notes.txt', 'Makefile', 'app.log', '.gitignore'];

/** The kind of secret a path a shell command reads or writes is, with a glob in its name (`.env*`) tried on secret names. */
export function secretKindOfShellPath(path: string): SecretKind | null {
  if (!hasGlob(path)) return secretKind(path);
  const folder = posix.dirname(path);
  const inFolder = hasGlob(folder) ? null : secretKind(folder);
  if (inFolder !== null) return inFolder;
  const pattern = new RegExp(`^${globPatternSource(posix.basename(path))}$`);
  return sampledSecretKind((name) => pattern.test(name), SECRET_NAMES, ORDINARY_NAMES);
}

// The kind of the first secret sample a pattern matches, unless it matches an ordinary one too.
function sampledSecretKind(matches: (sample: string) => boolean, secrets: readonly string[], ordinary: readonly string[]): SecretKind | null {
  const secret = secrets.find((sample) => matches(sample));
  if (secret === undefined || ordinary.some((sample) => matches(sample))) return null;
  return secretKind(secret);
}

/** The literal folder a glob starts with (`~/.ssh/*` -> `~/.ssh`) and the glob after it. */
export function splitGlob(pattern: string): { readonly folder: string; readonly rest: string } {
  const segments = pattern.split('/');
  const first = segments.findIndex((segment) => /[*?[\]{}()!+@]/.test(segment));
  if (first < 0) return { folder: pattern, rest: '' };
  const folder = segments.slice(0, first).join('/');
  return { folder: folder === '' && pattern.startsWith('/') ? '/' : folder, rest: segments.slice(first).join('/') };
}
