// Wundr's prompt-length guardrail: blocks a prompt too long to be worth its tokens, and warns
// about a long one.
import type { InWorkerHook } from '../run/in-worker-hook.js';
import { promptLengthGuardrailOptions, readBuiltinOptions } from './builtin-options.js';
import { blockWith, noteForUser } from './hook-answers.js';
import { numberField, textField } from './input-fields.js';

/** Blocks a UserPromptSubmit above `blockAboveChars`, warns above `warnAboveChars`. */
const promptLengthGuardrail: InWorkerHook = (input, context) => {
  const options = readBuiltinOptions('prompt-length-guardrail', promptLengthGuardrailOptions, context.options);
  const length = textField(input, 'prompt')?.length ?? numberField(input, 'promptLength', 'prompt_length');
  if (length === undefined) return undefined;
  if (length > options.blockAboveChars) {
    return blockWith(`The prompt is ${length} characters, over the ${options.blockAboveChars}-character limit; shorten it.`);
  }
  if (length > options.warnAboveChars) return noteForUser(`prompt-length guardrail: a long prompt (${length} characters, warning above ${options.warnAboveChars})`);
  return undefined;
};

export default promptLengthGuardrail;
