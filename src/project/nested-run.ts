// A depth mark in every hook's environment, so a hook that runs `hookpool run` cannot recurse forever.
import { HookpoolError } from '../errors.js';

/** How many `hookpool run` are running above this one. */
export const DEPTH_VARIABLE = 'HOOKPOOL_RUN_DEPTH';
// Nesting a few levels can be deliberate (a hook that tests another config); a cycle goes on forever.
const MAX_DEPTH = 3;

/** Throws ERR_HOOKPOOL_NESTED_RUN when hooks have started hookpool inside itself too deep. */
export function assertNotNestedTooDeep(env: NodeJS.ProcessEnv = process.env): void {
  const depth = Number(env[DEPTH_VARIABLE] ?? 0);
  if (depth >= MAX_DEPTH) {
    throw new HookpoolError('ERR_HOOKPOOL_NESTED_RUN', `hookpool is running inside its own hooks ${depth} levels deep: a configured hook runs hookpool run again; remove that hook`);
  }
}
