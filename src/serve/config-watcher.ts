// Watches the configuration a session was built from, so edits take effect without a restart:
// each file's folder is watched (editors replace files by rename, which a watch on the file
// itself loses), or the nearest existing ancestor while the folder does not exist yet. Changes
// are debounced into one callback.
import { existsSync, watch, type FSWatcher } from 'node:fs';
import { dirname, relative, sep } from 'node:path';

// Editors write a file in several steps (truncate, write, rename); one reload after they settle.
export const CONFIG_DEBOUNCE_MS = 150;

export interface ConfigWatcher {
  close(): void;
}

/** Calls `onChange` (debounced) when any of `files` is created, changed, renamed or removed. */
export function watchConfigFiles(files: readonly string[], onChange: () => void, debounceMs: number = CONFIG_DEBOUNCE_MS): ConfigWatcher {
  // Watched folder -> the names directly inside it that lead to a watched file.
  const names = new Map<string, Set<string>>();
  for (const file of new Set(files)) {
    const folder = nearestExisting(dirname(file));
    const first = relative(folder, file).split(sep)[0]!;
    names.set(folder, (names.get(folder) ?? new Set()).add(first));
  }
  let timer: NodeJS.Timeout | undefined;
  const changed = () => {
    clearTimeout(timer);
    timer = setTimeout(onChange, debounceMs);
  };
  const watchers: FSWatcher[] = [];
  for (const [folder, wanted] of names) {
    try {
      const watcher = watch(folder, { persistent: false }, (_type, name) => {
        if (name === null || wanted.has(String(name))) changed();
      });
      // A watch that fails (its folder removed, say): reload; the server watches again after any reload.
      watcher.on('error', () => {
        watcher.close();
        changed();
      });
      watchers.push(watcher);
    } catch {
      // A folder that vanished between the check and the watch: the next reload watches again.
    }
  }
  return {
    close() {
      clearTimeout(timer);
      for (const watcher of watchers) watcher.close();
    },
  };
}

/** What a server keeps loaded: the files it was loaded from, and how to load it again. */
export interface WatchedSession {
  readonly readPaths: readonly string[];
  reload(): Promise<unknown>;
}

export interface SessionWatch {
  /** Watches what the last load read (call it after each reload: it may have read other files). */
  rewatch(): void;
  /** Stops watching, and ignores what comes after. */
  close(): void;
}

/** Reloads `session` whenever a file it was loaded from changes; a reload's own outcome is its observers' to report. */
export function watchSession(session: WatchedSession): SessionWatch {
  let closed = false;
  let watcher: ConfigWatcher | undefined;
  const reload = () => {
    if (!closed) void session.reload().catch(() => undefined);
  };
  const watch: SessionWatch = {
    rewatch() {
      if (closed) return;
      watcher?.close();
      watcher = watchConfigFiles(session.readPaths, reload);
    },
    close() {
      closed = true;
      watcher?.close();
    },
  };
  watch.rewatch();
  return watch;
}

function nearestExisting(folder: string): string {
  let current = folder;
  while (!existsSync(current) && dirname(current) !== current) current = dirname(current);
  return current;
}
