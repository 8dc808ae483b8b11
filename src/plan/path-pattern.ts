// A file specifier of an `if` rule, e.g. `Edit(src/**)`, with the gitignore anchoring of Claude
// Code's Read and Edit permission rules: `//x` from the filesystem root, `~/x` from the home
// folder, `/x` from the project root, `x` or `./x` from the current directory, and a bare name
// (no slash) at any depth below it. `*` stays within one path segment, `**` crosses them; a
// pattern that names a folder also matches everything inside it.
import { isAbsolute, relative, resolve } from 'node:path';
import { picomatch } from './lazy-packages.js';

/** Where a pattern's relative part starts. */
export interface PathAnchors {
  /** The project root: what `/x` means. hookpool anchors `/x` there for every source (settings, plugins, skills). */
  readonly projectDir: string;
  readonly home: string;
}

/** Tests a file path; `cwd` anchors `x` and `./x`, and resolves a relative path. */
export type PathTest = (path: string, cwd: string) => boolean;

/** Compiles a file specifier once. */
export function compilePathPattern(specifier: string, anchors: PathAnchors): PathTest {
  const { base, glob } = anchorOf(specifier, anchors);
  const folder = glob.endsWith('/') ? `${glob}**` : glob;
  const matches = picomatch(folder.endsWith('**') ? [folder] : [folder, `${folder}/**`], { dot: true });
  return (path, cwd) => {
    const file = resolve(cwd, path);
    const from = base ?? cwd;
    const inside = relative(from, file);
    if (inside === '' || inside === '..' || inside.startsWith('../') || isAbsolute(inside)) return false;
    return matches(inside);
  };
}

// `base` undefined: the fire's current directory.
function anchorOf(specifier: string, anchors: PathAnchors): { base: string | undefined; glob: string } {
  if (specifier.startsWith('//')) return { base: '/', glob: specifier.slice(2) };
  if (specifier.startsWith('~/')) return { base: anchors.home, glob: specifier.slice(2) };
  if (specifier.startsWith('/')) return { base: anchors.projectDir, glob: specifier.slice(1) };
  const local = specifier.startsWith('./') ? specifier.slice(2) : specifier;
  const bareName = !specifier.startsWith('./') && !local.replace(/\/$/, '').includes('/');
  return { base: undefined, glob: bareName ? `**/${local}` : local };
}
