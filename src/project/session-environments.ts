// The environment each agent session told the server (its hookpool-client sends it), kept without
// the variables of one hook call: a session's engines are built with it, and rebuilt when it changes.

// Variables of one hook call, not of its session: each call gives its own.
const PER_CALL_VARIABLES: readonly string[] = ['CLAUDE_ENV_FILE', 'HOOKPOOL_RUN_DEPTH'];

export class SessionEnvironments {
  private readonly byId = new Map<string, Readonly<Record<string, string>>>();

  /** The session's environment; undefined for a session that never told it. */
  get(sessionId: string): Readonly<Record<string, string>> | undefined {
    return this.byId.get(sessionId);
  }

  /** Records the session's environment; false when it is the one recorded already. */
  set(sessionId: string, env: Readonly<Record<string, string>>): boolean {
    const sessionEnv = Object.fromEntries(Object.entries(env).filter(([name]) => !PER_CALL_VARIABLES.includes(name)));
    const known = this.byId.get(sessionId);
    if (known !== undefined && sameEnv(known, sessionEnv)) return false;
    this.byId.set(sessionId, sessionEnv);
    return true;
  }

  delete(sessionId: string): void {
    this.byId.delete(sessionId);
  }
}

function sameEnv(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}
