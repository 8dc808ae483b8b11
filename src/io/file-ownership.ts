// Who could have written a file: the one rule for files whose content decides what runs (the
// user's configuration, the CLI's caches). Only the user's own files and root's are believed,
// and only when neither their group nor everyone may write them. Synchronous and free of other
// imports, so the executable's code cache loader can use it too.

/** The parts of a file's status the check looks at. */
export interface OwnershipStats {
  readonly mode: number;
  readonly uid: number;
}

const GROUP_OR_WORLD_WRITE = 0o022;

/** Why a file (or folder) with these stats must not be believed (`refused: ...`, with the fix), or null. */
export function ownershipRefusal(path: string, file: OwnershipStats): string | null {
  if ((file.mode & GROUP_OR_WORLD_WRITE) !== 0) return `refused: writable by others (mode ${octal(file.mode)}); run chmod go-w ${path}`;
  const me = process.getuid?.();
  if (me !== undefined && file.uid !== me && file.uid !== 0) {
    return `refused: owned by another user (uid ${file.uid}); only your own files and root's are read`;
  }
  return null;
}

/** A mode as chmod writes it. */
export function octal(mode: number): string {
  return (mode & 0o7777).toString(8).padStart(4, '0');
}
