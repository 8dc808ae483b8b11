// Preloaded into the CLI (NODE_OPTIONS=--require): at exit, writes the process's peak resident set
// (VmHWM from /proc/self/status, in kB) to the file named by HOOKPOOL_TEST_PEAK_RSS_FILE.
const { readFileSync, writeFileSync } = require('node:fs');

process.on('exit', () => {
  const status = readFileSync('/proc/self/status', 'utf8');
  const peak = /^VmHWM:\s+(\d+) kB$/m.exec(status);
  if (peak !== null) writeFileSync(process.env.HOOKPOOL_TEST_PEAK_RSS_FILE, peak[1]);
});
