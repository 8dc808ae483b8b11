// One call to the project's server over its socket (HTTP on a Unix socket in a 0700 folder: only
// the user's processes can be there), and the server started when it is not running: detached,
// with a minimal environment (it never holds an agent's secrets; each call brings its session's).
import { request } from 'node:http';
import type { AgentAnswer } from '../dialects/dialect.js';
import { privateDirProblem } from '../project/server/private-dir.js';
import { readProcState } from '../project/server/process-state.js';
import { readLiveServerRecord } from '../project/server/server-record.js';
import { CALL_PATH, type HookCallRequest } from '../project/server/server-messages.js';
import { FORWARDED_OTEL_VARIABLES } from '../telemetry/otel-env.js';

/** How long the client waits for a server to take calls once none is seen starting. */
const START_WAIT_MS = 5_000;
/** The longest it waits for a server seen starting (its process running, not stopped), on a loaded machine. */
const STARTING_WAIT_MS = 30_000;
/**
 * A server sends its status line before it reads a call. Until it has, the client looks at the
 * server's process this often: stopped (kill -STOP) or gone, the client answers the call itself;
 * merely slow (a loaded machine), it is waited for.
 */
const STATUS_CHECK_MS = 500;

/** Where a project's server is reached (its socket) and known (its record). */
export interface ServerPlace {
  readonly socketPath: string;
  readonly recordPath: string;
}
// What a server process keeps of the caller's environment: enough to find node and the user's files.
// And where to send its OpenTelemetry export, if the agent's environment says.
const SERVER_ENV_NAMES = ['PATH', 'HOME', 'USER', 'LOGNAME', 'LANG', 'LC_ALL', 'TMPDIR', 'XDG_RUNTIME_DIR', 'XDG_CONFIG_HOME', 'NODE_OPTIONS', ...FORWARDED_OTEL_VARIABLES];

/** The server's answer, 'absent' when no server takes calls there, or null when one failed mid-call. */
export function callServer(place: ServerPlace, call: HookCallRequest): Promise<AgentAnswer | 'absent' | null> {
  const body = JSON.stringify(call);
  return new Promise((resolve) => {
    const sent = request({ socketPath: place.socketPath, path: CALL_PATH, method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', () => resolve(null));
      response.on('end', () => {
        if (response.statusCode !== 200) return resolve(null);
        try {
          const answer = JSON.parse(Buffer.concat(chunks).toString('utf8')) as AgentAnswer;
          resolve(answer.exitCode === 0 || answer.exitCode === 2 ? answer : null);
        } catch {
          resolve(null);
        }
      });
    });
    const watch = setInterval(() => {
      if (!serverStalled(place.recordPath)) return;
      sent.destroy();
      resolve(null);
    }, STATUS_CHECK_MS);
    sent.once('response', () => clearInterval(watch));
    sent.once('close', () => clearInterval(watch));
    sent.on('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ENOENT' || error.code === 'ECONNREFUSED' ? 'absent' : null));
    sent.end(body);
  });
}

/** The server is stopped or gone: its record names no running process, or a stopped one. */
function serverStalled(recordPath: string): boolean {
  const record = readLiveServerRecord(recordPath);
  const state = record === null ? null : readProcState(record.pid)?.state;
  return state === null || state === undefined || state === 'T' || state === 't';
}

/** Why the socket's folder must not be trusted with a call (someone else could be listening there), or null. */
export function socketFolderProblem(folder: string): string | null {
  return privateDirProblem(folder);
}

/** A server this client started: it may exit at once (another client's server won the project). */
export interface StartedServer {
  readonly exited: () => boolean;
}

/** Starts `hookpool serve --http` for the project, detached, with a minimal environment. */
export async function startServer(cliExecutable: string, projectDir: string): Promise<StartedServer> {
  const { spawn } = await import('node:child_process');
  const env = Object.fromEntries(SERVER_ENV_NAMES.flatMap((name) => (process.env[name] === undefined ? [] : [[name, process.env[name]!]])));
  let exited = false;
  try {
    const child = spawn(process.execPath, [cliExecutable, 'serve', '--http', '--cwd', projectDir], { cwd: projectDir, detached: true, stdio: 'ignore', env });
    child.once('exit', () => {
      exited = true;
    });
    child.once('error', () => {
      exited = true;
    });
    child.unref();
  } catch {
    exited = true;
  }
  return { exited: () => exited };
}

/**
 * Calls again until a server answers, or the wait is over. A server takes calls once its worker
 * listens: while the project's record names a server process that runs, the wait goes on (up to
 * STARTING_WAIT_MS). A server that this client started and that exited with no other one running
 * (it could not start) leaves a few more tries, then the call runs in a one-shot run.
 */
export async function callStartingServer(place: ServerPlace, call: HookCallRequest, started: StartedServer): Promise<AgentAnswer | null> {
  const limit = Date.now() + STARTING_WAIT_MS;
  let deadline = Date.now() + START_WAIT_MS;
  for (let delayMs = 10; Date.now() < deadline; delayMs = Math.min(delayMs * 2, 100)) {
    if (!serverStalled(place.recordPath)) deadline = Math.min(limit, Math.max(deadline, Date.now() + START_WAIT_MS));
    else if (started.exited()) deadline = Math.min(deadline, Date.now() + 500);
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    const answer = await callServer(place, call);
    if (answer !== 'absent') return answer;
  }
  return null;
}
