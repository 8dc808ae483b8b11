// Smart commit's LLM message (Autohand: "creates a commit with an LLM-generated message"): the
// engine's prompt evaluator is asked for a message for the staged changes. Its reply is read as
// plain text: the first line the subject, the rest the body. A reply that holds no text is no
// message, and the caller falls back to one written from the changes.

/** How much of the staged diff the model is shown. */
export const MAX_DIFF_CHARS = 20_000;

/** The request: the staged files and diff, cut at MAX_DIFF_CHARS. */
export function commitMessagePrompt(nameStatus: string, diff: string): string {
  const shown = diff.length > MAX_DIFF_CHARS ? `${diff.slice(0, MAX_DIFF_CHARS)}\n[diff cut at ${MAX_DIFF_CHARS} of ${diff.length} characters]` : diff;
  return [
    'Write the git commit message for the staged changes below.',
    'The first line is the subject: at most 72 characters, imperative mood, no period at the end.',
    'Then a blank line and a short body saying what changed and why. Reply with the message only.',
    '',
    'Staged files:',
    nameStatus.trim(),
    '',
    'Staged diff:',
    shown,
  ].join('\n');
}

/** Subject and body from the evaluator's reply, or why it holds none. */
export function readCommitMessage(reply: unknown): { subject: string; body: string } | { problem: string } {
  const text = typeof reply === 'string' ? reply : typeof reply === 'object' && reply !== null && typeof (reply as { message?: unknown }).message === 'string' ? (reply as { message: string }).message : null;
  if (text === null) return { problem: `the evaluator's reply is not text (${reply === null ? 'null' : typeof reply})` };
  const lines = withoutCodeFence(text).split('\n');
  const start = lines.findIndex((line) => line.trim() !== '');
  if (start < 0) return { problem: "the evaluator's reply is empty" };
  const subject = lines[start]!.trim();
  const body = lines.slice(start + 1).join('\n').trim();
  return { subject, body };
}

// A model may wrap the message in a code fence.
function withoutCodeFence(text: string): string {
  const fenced = /^\s*```[^\n]*\n([\s\S]*?)\n```\s*$/.exec(text);
  return fenced === null ? text : fenced[1]!;
}
