// An evaluator for prompt and agent hooks that asks a model through an Anthropic-compatible
// Messages API, with the official SDK. The SDK is an optional peer dependency, imported on the
// first call: an agent that never uses prompt hooks does not load it (nor need it installed).
import { HookpoolError } from '../../errors.js';
import type { EvaluationRequest, HookEvaluator } from './evaluator.js';

/** Options of createAnthropicEvaluator. */
export interface AnthropicEvaluatorOptions {
  /** @default process.env.ANTHROPIC_API_KEY (read by the SDK) */
  readonly apiKey?: string;
  /** Any Anthropic-compatible Messages API. @default process.env.ANTHROPIC_BASE_URL, else https://api.anthropic.com */
  readonly baseURL?: string;
  /** Used when a hook names no `model`. Claude Code asks a fast model. @default 'claude-haiku-4-5' */
  readonly model?: string;
  /** @default 1024 */
  readonly maxTokens?: number;
  /** Retries of a failed request, inside the hook's timeout. @default 0 */
  readonly maxRetries?: number;
}

export const DEFAULT_ANTHROPIC_MODEL = 'claude-haiku-4-5';

// What the model is told about its answer: Claude Code's {ok, reason}, a Wundr hook's result, or plain text.
const SYSTEM_PROMPTS: Readonly<Record<EvaluationRequest['expects'], string>> = {
  okReason:
    'You are a lifecycle hook of an AI coding agent. The user message gives your instructions and the event as JSON. '
    + 'Reply with one JSON object and nothing else: {"ok": true} to let the action go ahead, or {"ok": false, "reason": "..."} to stop it, the reason addressed to the agent.',
  hookResult:
    'You are a lifecycle hook of an AI agent. The user message gives your instructions and the event metadata. '
    + 'Reply with one JSON object and nothing else: the hook result your instructions ask for ({} when there is nothing to change).',
  text: 'You are a lifecycle hook of an AI coding agent. Reply with exactly the text the user message asks for, and nothing around it.',
};

interface MessagesClient {
  messages: {
    create(body: Record<string, unknown>, options: { signal: AbortSignal }): Promise<{ content: readonly { type: string; text?: string }[] }>;
  };
}

/**
 * A prompt and agent evaluator on the Messages API. An agent hook is one model call here, without
 * tools; inject your own `agent` evaluator for a subagent that reads files.
 * @example
 * const engine = createHookEngine({ ...config, evaluators: { prompt: createAnthropicEvaluator({ model: 'claude-haiku-4-5' }) } });
 */
export function createAnthropicEvaluator(options: AnthropicEvaluatorOptions = {}): HookEvaluator {
  let client: Promise<MessagesClient> | undefined;
  return async (request: EvaluationRequest) => {
    client ??= createClient(options);
    const reply = await (await client).messages.create(
      {
        model: request.model ?? options.model ?? DEFAULT_ANTHROPIC_MODEL,
        max_tokens: options.maxTokens ?? 1024,
        system: SYSTEM_PROMPTS[request.expects],
        messages: [{ role: 'user', content: request.prompt }],
      },
      { signal: request.signal },
    );
    return reply.content.filter((block) => block.type === 'text').map((block) => block.text ?? '').join('');
  };
}

async function createClient(options: AnthropicEvaluatorOptions): Promise<MessagesClient> {
  let sdk: { default: new (settings: Record<string, unknown>) => MessagesClient };
  try {
    sdk = (await import('@anthropic-ai/sdk')) as unknown as typeof sdk;
  } catch (error) {
    throw new HookpoolError('ERR_HOOKPOOL_MISSING_PEER', `createAnthropicEvaluator needs the package @anthropic-ai/sdk (npm install @anthropic-ai/sdk): ${(error as Error).message}`);
  }
  const settings: Record<string, unknown> = { maxRetries: options.maxRetries ?? 0 };
  if (options.apiKey !== undefined) settings.apiKey = options.apiKey;
  if (options.baseURL !== undefined) settings.baseURL = options.baseURL;
  return new sdk.default(settings);
}
