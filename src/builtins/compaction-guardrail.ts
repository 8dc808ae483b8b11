// Wundr's compaction guardrail: a conversation with few messages gains little from compaction
// and loses detail, so compaction is skipped until it is long enough.
import type { InWorkerHook } from '../run/in-worker-hook.js';
import { compactionGuardrailOptions, readBuiltinOptions } from './builtin-options.js';
import { blockWith } from './hook-answers.js';
import { numberField } from './input-fields.js';

/** Blocks a PreCompact when the input says fewer than `minMessages` messages; says nothing when it does not say. */
const compactionGuardrail: InWorkerHook = (input, context) => {
  const options = readBuiltinOptions('compaction-guardrail', compactionGuardrailOptions, context.options);
  const messages = numberField(input, 'message_count', 'messageCount');
  if (messages === undefined || messages >= options.minMessages) return undefined;
  return blockWith(`compaction skipped: ${messages} messages, fewer than the ${options.minMessages} that make it worthwhile`);
};

export default compactionGuardrail;
