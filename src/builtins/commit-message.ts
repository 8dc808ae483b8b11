// The commit message smart commit writes from the staged changes alone, when the engine has no
// prompt evaluator to ask (or it gave no message): a subject naming the change and a body listing
// the files.

const VERBS: Readonly<Record<string, string>> = { A: 'Add', D: 'Remove', R: 'Rename' };
const MAX_NAMED = 3;

/** `git diff --cached --name-status` output as status letter and path (the new path for a rename). */
export function parseNameStatus(text: string): { status: string; path: string }[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const fields = line.split('\t');
      return { status: fields[0]!.charAt(0), path: fields[fields.length - 1]! };
    });
}

/** Subject and body for the staged files. */
export function writeCommitMessage(changes: readonly { status: string; path: string }[]): { subject: string; body: string } {
  const statuses = new Set(changes.map((change) => change.status));
  const verb = statuses.size === 1 ? (VERBS[[...statuses][0]!] ?? 'Update') : 'Update';
  const names = changes.slice(0, MAX_NAMED).map((change) => change.path);
  const more = changes.length > MAX_NAMED ? ` and ${changes.length - MAX_NAMED} more` : '';
  const subject = `${verb} ${names.join(', ')}${more}`;
  const body = [`Committed by hookpool's smart-commit built-in (${changes.length} file${changes.length === 1 ? '' : 's'}):`, ...changes.map((change) => `  ${change.status} ${change.path}`)].join('\n');
  return { subject, body };
}
