// The one rule for hookpool's own edits of a hook file (add, remove, enable, disable, init):
// - an edit that adds a command or changes one leaves the file waiting for `hookpool trust`: the
//   new command has not been reviewed, so nothing of it runs until the user has;
// - an edit that only removes hooks or turns them on or off keeps an approved file approved:
//   every command left in the file is one the user approved. It holds only when the file was
//   approved exactly as it was before the edit and every project file the remaining hooks run is
//   still as approved (a script changed meanwhile still needs its review).
// Enabling a hook runs a command the user approved with the file (disabled hooks are part of the
// approved content, their scripts pinned with it), so it keeps trust like disabling does.
import { sha256Hex } from '../io/sha256.js';
import type { NativeHookInput } from '../config/native-schema.js';
import { hashReferencedFiles } from './referenced-files.js';
import { defaultTrustStorePath, TrustStore } from './trust-store.js';

/** An edit that only removed hooks or switched them on or off (one that adds or changes a command never keeps trust). */
export interface HookFileEdit {
  readonly file: string;
  /** The file's text before and after the edit. */
  readonly before: string;
  readonly after: string;
  /** The hooks the file holds after the edit (what the approval then covers). */
  readonly remaining: readonly NativeHookInput[];
  readonly projectDir: string;
  readonly home: string;
}

/** True when the approval moved to the edited file; false when it needs `hookpool trust` (or was never approved). */
export async function keepTrustAfterEdit(edit: HookFileEdit): Promise<boolean> {
  const store = await TrustStore.open(defaultTrustStorePath(edit.home));
  const recorded = store.get(edit.file);
  if (store.problem !== null || recorded === undefined || recorded.referenced === null) return false;
  if (recorded.sha256 !== sha256Hex(Buffer.from(edit.before, 'utf8'))) return false;
  const approved = recorded.referenced;
  const referenced = await hashReferencedFiles(edit.remaining, edit.projectDir);
  if (!Object.entries(referenced).every(([path, hash]) => approved[path] === hash)) return false;
  await store.trust(edit.file, sha256Hex(Buffer.from(edit.after, 'utf8')), referenced);
  return true;
}

/** What `add`, `remove`, `enable` and `disable` print about the file's trust after their edit. */
export const TRUST_KEPT_LINE = 'the file stays trusted: this edit only removed or switched hooks the file held when you trusted it';
export const TRUST_NEEDED_LINE = (where: string) => `${where} now runs a command you have not reviewed: its hooks wait until you review it and run hookpool trust`;
