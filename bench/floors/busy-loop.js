// Outside load for the guard-under-load case: one process that only spins, as a build or a test
// run on the same machine would. `node bench/floors/busy-loop.js` spins until killed.
for (;;) {
  // spin
}
