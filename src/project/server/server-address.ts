// What a Claude Code settings entry needs to reach `hookpool serve --http`: the URL, the header
// carrying the token, and the variable Claude Code interpolates into it. `hookpool init --agent
// claude` imports this. The token stays out of settings files (they get committed): Claude Code
// expands `$HOOKPOOL_SERVE_TOKEN` in `headers` because `allowedEnvVars` names it, so the user
// exports it once (`export HOOKPOOL_SERVE_TOKEN=$(cat ~/.config/hookpool/serve-token)`).
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';

/** The path Claude Code's http hooks POST to (the answer is the http hook JSON body). */
export const CLAUDE_HTTP_HOOK_PATH = '/hooks/claude';
/** The path the command-hook client POSTs to (the answer is run --format claude's stdout, stderr and exit code). */
export const CLAUDE_COMMAND_HOOK_PATH = '/hooks/claude-command';
/** The request header that carries the token (also accepted: `Authorization: Bearer <token>`). */
export const TOKEN_HEADER = 'x-hookpool-token';
/** The header the client passes its CLAUDE_ENV_FILE in (the hooks' `export` lines are appended there, as `run` does). */
export const ENV_FILE_HEADER = 'x-hookpool-env-file';
/** The environment variable Claude Code interpolates into the header. */
export const TOKEN_ENV_VARIABLE = 'HOOKPOOL_SERVE_TOKEN';
// Ports derived from the project stay clear of the ephemeral range (32768+) and the usual dev ports.
const DERIVED_PORT_BASE = 20_000;
const DERIVED_PORT_SPAN = 10_000;

/** The port `serve --http` listens on without --port: stable per project, so settings can name it. */
export function defaultServePort(projectDir: string): number {
  const hash = createHash('sha256').update(resolve(projectDir)).digest();
  return DERIVED_PORT_BASE + (hash.readUInt32BE(0) % DERIVED_PORT_SPAN);
}

/** The URL of a server's Claude Code http hook endpoint. */
export function claudeHttpHookUrl(port: number): string {
  return `http://127.0.0.1:${port}${CLAUDE_HTTP_HOOK_PATH}`;
}

/** One `{"type": "http", ...}` handler for Claude Code's settings (`hooks.<Event>[].hooks[]`). */
export function claudeHttpHookHandler(port: number): Record<string, unknown> {
  return {
    type: 'http',
    url: claudeHttpHookUrl(port),
    headers: { [TOKEN_HEADER]: `$${TOKEN_ENV_VARIABLE}` },
    allowedEnvVars: [TOKEN_ENV_VARIABLE],
  };
}
