// The floor of any `type: "http"` wiring of a guard into Claude Code: a minimal node:http server
// that, for each POST, runs the guard as Claude Code runs a command hook (`sh -c <command>`, the
// hook input on stdin) and answers with the decision, nothing else (no sessions, no trust, no
// configuration, no process-group kill). Run as its own process by the claude-wiring case:
// `node http-floor.js <guard> <cwd>`; prints its port on stdout.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';

const [guard, cwd] = process.argv.slice(2);

const server = createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const child = spawn(guard, { shell: true, cwd, stdio: ['pipe', 'ignore', 'pipe'] });
    const stderr = [];
    child.stderr.on('data', (chunk) => stderr.push(chunk));
    child.stdin.on('error', () => undefined);
    child.stdin.end(Buffer.concat(chunks));
    child.on('close', (code) => {
      // Exit 2 refuses the tool call with stderr as the reason, as a command hook's would.
      const body = code === 2
        ? { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: Buffer.concat(stderr).toString('utf8').trim() } }
        : {};
      const text = JSON.stringify(body);
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
      response.end(text);
    });
  });
});

server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
