// The largest hook input, apart from the engine's options so the CLI can read payloads without loading zod.

/** The largest hook input (the JSON on stdin) by default: 16 MiB. */
export const DEFAULT_MAX_PAYLOAD_BYTES = 16 * 1024 * 1024;
