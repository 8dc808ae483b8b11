// Claude Code's http hook headers (hooks reference, "HTTP hook fields"): a value may name
// environment variables as `$VAR` or `${VAR}`; only names the hook lists in `allowedEnvVars` are
// filled in, every other name becomes the empty string, so a hook file cannot send a secret it
// was not explicitly given.

const VARIABLE = /\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))/g;

/** The headers with their variables filled in from `env`, for names in `allowed` only. */
export function interpolateHeaders(headers: Readonly<Record<string, string>>, allowed: readonly string[], env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const permitted = new Set(allowed);
  const fill = (value: string) => value.replace(VARIABLE, (_match, braced: string | undefined, bare: string | undefined) => {
    const name = (braced ?? bare)!;
    return permitted.has(name) ? (env[name] ?? '') : '';
  });
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, fill(value)]));
}
