// What crosses into a pool worker to run a `type: "module"` hook (or a built-in): plain data,
// like a SpawnTask, with the module to import instead of a program to spawn.

/** Everything a module worker needs to run one in-worker hook. */
export interface ModuleTask {
  readonly kind: 'module';
  readonly hookId: string;
  /**
   * The workers it may run in (module-realm.ts): hookpool's built-ins share theirs; any other
   * module hook has workers no other hook runs in.
   */
  readonly realm: string;
  /** The key of the hook's base environment in PoolHostOptions.baseEnvByHook. */
  readonly envKey: string;
  /** The module's file URL. */
  readonly moduleUrl: string;
  readonly exportName: string;
  readonly event: string;
  readonly cwd: string;
  readonly projectDir: string;
  /** This fire's variables, laid over the hook's base environment. */
  readonly env: Record<string, string>;
  /** The hook input as JSON: what a command hook of the same protocol reads on stdin. */
  readonly stdin: string;
  readonly options: Readonly<Record<string, unknown>>;
  /** Past it the worker running the hook is terminated. */
  readonly timeoutMs: number;
  /** Cap on the answer's JSON, as on a command hook's stdout. */
  readonly maxOutputBytes: number;
  /** A hook of a trusted project file: the approved SHA-256 of its module (and any other file it names), checked before the module is imported. */
  readonly trustedScripts?: Readonly<Record<string, string>>;
}

/** A realm to start before its first task: its name, and the key of its hook's environment. */
export type ModuleRealmStart = Pick<ModuleTask, 'realm' | 'envKey'>;

/** A module task as its worker gets it: with a run id, which processes the module starts inherit. */
export interface ModuleRun extends ModuleTask {
  readonly runId: string;
}
