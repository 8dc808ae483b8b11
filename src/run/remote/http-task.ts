// An http hook as a pool worker runs it: a POST of the hook input, the 2xx body read as what a
// command hook prints on stdout. It runs in the workers (process or thread host) so that neither
// the request nor reading the answer touches the agent's main thread.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { firstLine } from '../../model/hook-failure.js';
import { failedOutcome, type HookOutcome } from '../../model/hook-outcome.js';
import { startStopwatch } from '../stopwatch.js';

/** Everything a worker needs to run one http hook; shares its bookkeeping fields with a spawn task. */
export interface HttpTask {
  readonly kind: 'http';
  hookId: string;
  envKey: string;
  url: string;
  /** Filled in already (variables from allowedEnvVars only). */
  headers: Record<string, string>;
  /** The hook input JSON, the request body. */
  body: string;
  timeoutMs: number;
  killGraceMs: number;
  pipeGraceMs: number;
  /** Cap on the response body; the rest is not read. */
  maxOutputBytes: number;
}

const CANCEL_POLL_MS = 100;

/** True for a task that is an http request rather than a process. */

/**
 * Runs the request to its outcome, never rejecting. What counts as "no answer" (a failure that
 * `onError` decides about): a connection that fails, a timeout, a status other than 2xx, and a
 * 2xx body that is not a JSON object or is cut at maxOutputBytes. Claude Code calls all of these non-blocking errors; hookpool
 * reads them as it reads a command that crashed, so an `onError: "closed"` guard refuses on them.
 * A 2xx with an empty body is a hook that said nothing.
 */
export function runHttpHook(task: HttpTask, isCancelled: () => boolean): Promise<HookOutcome> {
  const elapsed = startStopwatch();
  return new Promise((settle) => {
    let done = false;
    const finish = (outcome: HookOutcome) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      clearInterval(cancelPoll);
      request.destroy();
      settle(outcome);
    };
    const url = new URL(task.url);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(url, {
      method: 'POST',
      headers: { ...task.headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(task.body) },
      // One connection per request: nothing stays open in the worker once the hook settled.
      agent: false,
    });
    const timer = setTimeout(() => finish({ ...failedOutcome(task.hookId, 'timed_out', `no answer from ${task.url} within ${task.timeoutMs} ms`, elapsed()) }), task.timeoutMs);
    /*
     * close() (and the sandbox's abort) cancels a run through the shared slot registry, which a
     * worker reads but is not told about: a request in flight looks every 100 ms, so a server
     * that never answers holds close() that long, not until the hook's timeout.
     */
    const cancelPoll = setInterval(() => {
      if (isCancelled()) finish(failedOutcome(task.hookId, 'aborted', `the engine closed before ${task.url} answered`, elapsed()));
    }, CANCEL_POLL_MS);
    request.on('error', (error: NodeJS.ErrnoException) => finish(failedOutcome(task.hookId, 'spawn_failed', `could not reach ${task.url}: ${error.code ?? error.message}`, elapsed())));
    request.on('response', (response) => {
      readCapped(response, task.maxOutputBytes).then(({ text, truncated }) => finish(answerOf(task, response, text, truncated, elapsed())), (error: Error) =>
        finish(failedOutcome(task.hookId, 'crashed', `the answer from ${task.url} broke off: ${error.message}`, elapsed())));
    });
    request.end(task.body);
  });
}

function answerOf(task: HttpTask, response: IncomingMessage, body: string, truncated: boolean, durationMs: number): HookOutcome {
  const status = response.statusCode ?? 0;
  if (status < 200 || status > 299) {
    const detail = firstLine(body);
    return { ...failedOutcome(task.hookId, 'crashed', `${task.url} answered HTTP ${status}${detail === '' ? '' : `: ${detail}`}`, durationMs), stderr: body, truncated };
  }
  if (truncated) {
    return { ...failedOutcome(task.hookId, 'crashed', `${task.url} answered more than maxOutputBytes (${task.maxOutputBytes} bytes); the answer was not read`, durationMs), stdout: body, truncated };
  }
  const trimmed = body.trim();
  if (trimmed !== '' && !trimmed.startsWith('{')) {
    return { ...failedOutcome(task.hookId, 'crashed', `${task.url} answered HTTP ${status} with a body that is not a JSON object: ${firstLine(body)}`, durationMs), stderr: body, truncated };
  }
  return { id: task.hookId, status: 'ok', exitCode: 0, signal: null, durationMs, stdout: body, stderr: '', truncated };
}

/** The body up to `maxBytes`; past that the response is dropped (the connection is never reused). */
function readCapped(response: IncomingMessage, maxBytes: number): Promise<{ text: string; truncated: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    response.on('data', (chunk: Buffer) => {
      const room = maxBytes - bytes;
      if (chunk.length >= room) {
        chunks.push(chunk.subarray(0, room));
        bytes = maxBytes;
        if (chunk.length > room) {
          // Settled first: destroying the response reports it as aborted, which must not count.
          resolve({ text: Buffer.concat(chunks).toString('utf8'), truncated: true });
          response.destroy();
        }
        return;
      }
      chunks.push(chunk);
      bytes += chunk.length;
    });
    response.on('end', () => resolve({ text: Buffer.concat(chunks).toString('utf8'), truncated: false }));
    response.on('error', reject);
    response.on('aborted', () => reject(new Error('the connection closed mid-answer')));
  });
}
