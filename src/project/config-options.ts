// What every operation on a project's configuration is told by its caller: which files, which
// folder, which variables hooks may see although they look secret.

export interface ConfigOptions {
  readonly config?: string[];
  readonly claudeSettings?: string[];
  readonly plugin?: string[];
  readonly cwd?: string;
}

export interface PassEnvOptions {
  readonly passEnv?: string[];
}

export interface InputOptions {
  readonly input?: string;
  readonly inputFile?: string;
}
