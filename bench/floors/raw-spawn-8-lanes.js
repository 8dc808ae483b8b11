// Floor of background throughput: raw spawns of `sh -c true` from a minimal node program, 8 at a
// time (each lane starts its next spawn when its last one's pipes closed), as a hook is spawned
// (own session, piped stdio, a hook's JSON on stdin). Does nothing else. Alone:
// `node bench/floors/raw-spawn-8-lanes.js [hooks]` prints hooks per second. Forked with an IPC
// channel (bench/lib/floor-child.js): answers each { t: 'trial', total } with { perSecond }.
import { performance } from 'node:perf_hooks';
import { spawnOnce } from './raw-spawn.js';

const LANES = 8;

async function trial(total) {
  let started = 0;
  const lane = async () => {
    while (started < total) {
      started++;
      await spawnOnce();
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: LANES }, lane));
  return { perSecond: (total / (performance.now() - t0)) * 1000 };
}

if (process.send !== undefined) {
  process.on('message', async (message) => {
    if (message.t === 'trial') process.send(await trial(message.total));
  });
  process.on('disconnect', () => process.exit(0));
  process.send({ ready: true });
} else {
  const total = Number(process.argv[2] ?? 400);
  console.log(`raw spawns of sh -c true in ${LANES} lanes: ${(await trial(total)).perSecond.toFixed(0)} hooks/s`);
}
