// What a bench run shows while a case runs (each takes about 30 s). On a terminal a spinner in the
// CLI's style (yocto-spinner, as src/cli/output/progress.ts) names the case and counts its seconds;
// elsewhere (a pipe, a file, CI, a dumb terminal) nothing until the case finishes. Either way each
// finished case leaves one line on stderr: its name, whether it failed, and how long it took.
import yoctoSpinner from 'yocto-spinner';

function interactive() {
  return process.stderr.isTTY === true && !('CI' in process.env) && process.env.TERM !== 'dumb';
}

/** Starts showing case number `index` (from 0) of `total`; call finish with its result. */
export function showCase(name, index, total, quick) {
  const label = `bench: ${name} (${index + 1}/${total}${quick ? ', quick' : ''})`;
  const started = Date.now();
  const seconds = () => `${Math.round((Date.now() - started) / 1000)} s`;
  const spinner = interactive() ? yoctoSpinner({ text: label, stream: process.stderr }).start() : undefined;
  const ticker = spinner && setInterval(() => { spinner.text = `${label}, ${seconds()}`; }, 1000);
  return {
    finish(result) {
      clearInterval(ticker);
      const line = result.error ? `${label} failed after ${seconds()}: ${result.error}` : `${label} done in ${seconds()}`;
      if (spinner === undefined) console.error(line);
      else if (result.error) spinner.error(line);
      else spinner.success(line);
    },
  };
}
