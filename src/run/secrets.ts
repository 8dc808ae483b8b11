// Which environment variables hold secrets: by name and by value. The one place that knows;
// the hook environment drops them and the log redacts them (PROTOCOL.md, "Environment").

// A name is secret (case does not matter) when its last word, after an optional number (API_KEY_2,
// API_KEY2), is a secret word; when it ends in _PWD (MYSQL_PWD, never PWD or OLDPWD: those are
// the working directory); when it holds a secret part anywhere; or when it names a connection
// string, which usually carries a password (DATABASE_URL, MONGODB_URI). Plain string tests, not
// one regular expression: compiling and first running that one took ~1.3 ms of every fresh
// process (`hookpool run` included) for a handful of names, measured on Node 20.
const SECRET_LAST_WORDS = new Set(['KEY', 'APIKEY', 'TOKEN', 'SECRET', 'CREDENTIAL', 'CREDENTIALS', 'PASS', 'PASSWD', 'PASSPHRASE', 'AUTH', 'PAT', 'DSN', 'COOKIE']);
const SECRET_PARTS = ['PASSWORD', 'SECRET', 'PRIVATEKEY', 'PRIVATE_KEY', 'ACCESSKEY', 'ACCESS_KEY', 'AUTHTOKEN', 'AUTH_TOKEN', 'WEBHOOK'];
const CONNECTION_SERVICES = new Set(['DATABASE', 'DB', 'REDIS', 'MONGO', 'MONGODB', 'POSTGRES', 'POSTGRESQL', 'PG', 'MYSQL', 'MARIADB', 'AMQP', 'RABBITMQ', 'KAFKA', 'ELASTIC', 'ELASTICSEARCH']);
const CONNECTION_KINDS = ['URL', 'URI', 'DSN'];
const NUMBERED = /_?\d+$/;

// Values that are credentials whatever their name: a URL with a password in it, and the shapes of
// well-known tokens and keys.
const CREDENTIAL_VALUE = new RegExp(
  [
    String.raw`^[a-z][a-z0-9+.-]*://[^/\s:@]*:[^/\s@]+@`,
    String.raw`\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_\w{20,}|glpat-[\w-]{20,}|xox[abprs]-[\w-]{10,}|sk-ant-[\w-]{20,}|sk-[A-Za-z0-9]{32,}|AKIA[0-9A-Z]{16}|AIza[\w-]{35}|npm_[A-Za-z0-9]{36})`,
    String.raw`-----BEGIN [A-Z ]*PRIVATE KEY-----`,
    String.raw`^https://hooks\.slack\.com/`,
    String.raw`^eyJ[\w-]+\.eyJ[\w-]+\.`,
  ].join('|'),
);

/** True for names like ANTHROPIC_API_KEY, GITHUB_PAT, DATABASE_URL, SSH_AUTH_SOCK, SLACK_WEBHOOK_URL. */
export function isSecretName(name: string): boolean {
  const upper = name.toUpperCase();
  if (SECRET_PARTS.some((part) => upper.includes(part)) || `_${upper}`.includes('_AUTH_')) return true;
  const words = upper.replace(NUMBERED, '').split('_');
  const last = words[words.length - 1]!;
  if (SECRET_LAST_WORDS.has(last) || (last === 'PWD' && words.length > 1)) return true;
  return CONNECTION_KINDS.some((kind) => upper.endsWith(kind) && CONNECTION_SERVICES.has(lastWord(upper.slice(0, -kind.length))));
}

// The last `_`-separated word of a name that may end in one `_` (DATABASE_ of DATABASE_URL).
function lastWord(name: string): string {
  const trimmed = name.endsWith('_') ? name.slice(0, -1) : name;
  return trimmed.slice(trimmed.lastIndexOf('_') + 1);
}

/** True for values that are credentials whatever they are called: `https://user:pass@host`, `ghp_…`, a private key. */
export function looksLikeCredential(value: string): boolean {
  return CREDENTIAL_VALUE.test(value);
}

/** A variable hooks do not get unless a policy passes it by name. */
export function isSecretVariable(name: string, value: string): boolean {
  return isSecretName(name) || looksLikeCredential(value);
}
