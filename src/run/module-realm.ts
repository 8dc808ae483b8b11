// Which workers a module hook may run in. A module can change its worker's globals (patch
// RegExp.prototype.test, replace JSON.parse, poison the module cache), so no two module hooks that
// could disagree share a worker: hookpool's own built-ins share theirs (one code base, which
// changes no global), and every other module hook (the user's, a plugin's, a project's; whatever
// its `origin` says, which a configuration file can set) gets workers of its own. A built-in is
// recognised by where its module is: hookpool's own built-ins folder, not by what its entry claims.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The realm of the modules in hookpool's own built-ins folder. */
export const BUILTINS_REALM = 'builtins';

// Compiled built-ins sit in dist/src/builtins/, beside this file's folder in the build (and beside
// a bundle's folder, dist/src/cli/); from source (tests run the .ts files) they come from the build.
const BUILTINS_FOLDER = resolve(fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? '../../dist/src/builtins/' : '../builtins/', import.meta.url)));

/** The realm of a module hook: its module's absolute path, and the hook's own key in its engine. */
export function moduleRealm(modulePath: string, hookKey: string): string {
  return dirname(modulePath) === BUILTINS_FOLDER ? BUILTINS_REALM : `hook:${hookKey}`;
}
