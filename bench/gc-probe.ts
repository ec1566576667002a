// A bench-only preload for the soak's servers (node --expose-gc --import): on SIGUSR2 it runs a full garbage
// collection and says so on stderr, so that resident memory is compared at the same point of the collector's
// cycle. Without it, RSS read under load includes garbage V8 has not yet collected, which says nothing of leaks.
const collect = (globalThis as { gc?: () => void }).gc;
if (!collect) throw new Error('gc-probe needs node --expose-gc');
process.on('SIGUSR2', () => {
  collect();
  process.stderr.write(`gc-probe: collected, heap used ${process.memoryUsage().heapUsed} bytes\n`);
});
