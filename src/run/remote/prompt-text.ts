// The text a prompt or agent hook hands its evaluator. Claude Code's rule (hooks reference,
// "Prompt hook configuration"): `$ARGUMENTS` stands for the hook input JSON, `\$` for a literal
// dollar sign, and a prompt without `$ARGUMENTS` gets the JSON appended. Wundr's rule
// ("Templates"): `{{metadata.path}}` stands for a field of the event's metadata, missing values
// being empty and objects written as JSON. Both are filled in one pass, so a value that happens
// to contain `$ARGUMENTS` or `{{...}}` is never read again.
import { valueAt } from '../../compilers/template.js';

const TOKENS = /\\\$|\$ARGUMENTS|\{\{\s*([\w.-]+)\s*\}\}/g;

/** The prompt with its placeholders filled from `input` (the wire format) and `inputJson` (what `$ARGUMENTS` is). */
export function fillPrompt(template: string, input: Record<string, unknown>, inputJson: string): string {
  let usedArguments = false;
  const filled = template.replace(TOKENS, (token: string, path: string | undefined) => {
    if (token === '\\$') return '$';
    if (path !== undefined) return valueAt(input, path);
    usedArguments = true;
    return inputJson;
  });
  return usedArguments ? filled : `${filled}\n\n${inputJson}`;
}
