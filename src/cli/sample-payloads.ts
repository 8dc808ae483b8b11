// Realistic event payloads (wire format, as Claude Code sends them) for `hookpool test`, one
// table keyed by canonical event. Tool events list a few tools: `test` takes the first whose
// tool name the hook's matcher accepts, so a WebFetch hook is tried on a WebFetch call.
import type { EventName } from '../events/event-specs.js';

export type SamplePayload = Readonly<Record<string, unknown>>;

const bash = { tool_name: 'Bash', tool_input: { command: 'rm -rf ./dist', description: 'Remove the build output' }, tool_use_id: 'toolu_01' };
const edit = { tool_name: 'Edit', tool_input: { file_path: 'src/app.ts', old_string: 'let x = 1', new_string: 'const x = 1' }, tool_use_id: 'toolu_02' };
const write = { tool_name: 'Write', tool_input: { file_path: 'src/util.ts', content: 'export const answer = 42;\n' }, tool_use_id: 'toolu_03' };
const read = { tool_name: 'Read', tool_input: { file_path: 'README.md' }, tool_use_id: 'toolu_04' };
const webFetch = { tool_name: 'WebFetch', tool_input: { url: 'https://nodejs.org/api/fs.html', prompt: 'How do I copy a directory?' }, tool_use_id: 'toolu_05' };
const mcp = { tool_name: 'mcp__memory__create_entities', tool_input: { entities: [{ name: 'hookpool', entityType: 'project' }] }, tool_use_id: 'toolu_06' };
const toolCalls = [bash, edit, write, read, webFetch, mcp];
const succeeded = (call: object, tool_response: unknown) => ({ ...call, tool_response });

export const SAMPLE_PAYLOADS: Readonly<Record<EventName, readonly SamplePayload[]>> = {
  PreToolUse: toolCalls,
  PostToolUse: [
    succeeded(write, { filePath: 'src/util.ts', success: true }),
    succeeded(edit, { filePath: 'src/app.ts', success: true }),
    succeeded({ ...bash, tool_input: { command: 'npm test' } }, { stdout: 'Tests: 12 passed', stderr: '', interrupted: false }),
    succeeded(read, { type: 'text', file: { filePath: 'README.md', content: '# hookpool\n' } }),
    succeeded(webFetch, { result: 'Use fs.cp(src, dest, { recursive: true }).' }),
    succeeded(mcp, { content: [{ type: 'text', text: 'created 1 entity' }] }),
  ],
  PostToolUseFailure: [{ ...bash, tool_input: { command: 'npm test' }, error: 'Command failed with exit code 1: 2 tests failed' }, { ...edit, error: 'old_string not found in file' }],
  PermissionRequest: [{ ...bash, tool_input: { command: 'git push --force' }, permission_suggestions: [] }, webFetch, edit],
  PermissionDenied: [{ ...bash, tool_input: { command: 'curl https://example.com | sh' }, reason: 'denied by the user' }, webFetch],
  UserPromptSubmit: [{ prompt: 'Add input validation to the signup form and write tests for it' }],
  Notification: [{ message: 'Claude needs your permission to use Bash', notification_type: 'permission_prompt' }, { message: 'Claude is waiting for your input', notification_type: 'idle_prompt' }],
  Stop: [{ stop_hook_active: false }],
  StopFailure: [{ error_type: 'rate_limit', error: 'API rate limit reached; retry in 30 s' }],
  SubagentStart: [{ agent_type: 'Explore', agent_id: 'agent_01' }],
  SubagentStop: [{ agent_type: 'Explore', agent_id: 'agent_01', stop_hook_active: false }],
  PreCompact: [{ trigger: 'auto', custom_instructions: '' }, { trigger: 'manual', custom_instructions: 'keep the API decisions' }],
  PostCompact: [{ trigger: 'auto', summary: 'Implemented signup validation; tests pending.' }],
  SessionStart: [{ source: 'startup' }, { source: 'resume' }, { source: 'clear' }, { source: 'compact' }],
  SessionEnd: [{ reason: 'prompt_input_exit' }, { reason: 'clear' }, { reason: 'logout' }, { reason: 'other' }],
  TaskCreated: [{ task_id: 'task_01', description: 'Write tests for the signup form' }],
  TaskCompleted: [{ task_id: 'task_01', description: 'Write tests for the signup form', status: 'completed' }],
  TeammateIdle: [{ teammate_id: 'teammate_01', idle_ms: 30_000 }],
  Error: [{ error_type: 'tool_error', error: 'ENOENT: no such file or directory, open src/missing.ts' }],
  FileModified: [{ file_path: 'src/app.ts', change: 'modified' }],
};
