// Runs npm scripts side by side, as many at once as the machine has cores (npm test: the tests beside the lint
// steps, which would leave a core idle one after the other). Each script's output is printed whole when it ends,
// under its name, its time and its exit code, so that outputs never interleave; the first script's output, the
// longest run, is printed as it comes. Exits 1 when any script failed, after all have ended.
//
// Usage: node scripts/run-together.mjs SCRIPT... (npm script names, started in the order given)
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const names = process.argv.slice(2);
const npm = process.env.npm_execpath;
let next = 0;
const failed = [];

/**
 * Runs `npm run NAME`, live or buffered, and resolves with its exit code once it has ended and been reported.
 * @example await run('lint:es', false); // prints eslint's output when it ends
 */
function run(name, live) {
  const started = performance.now();
  // npm_execpath is npm's own script when npm runs this; otherwise the npm on PATH.
  const [command, args] = npm ? [process.execPath, [npm, 'run', '--silent', name]] : ['npm', ['run', '--silent', name]];
  const child = spawn(command, args, { stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'], env: process.env });
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.once('close', (code, signal) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const status = code === 0 ? 'ok' : `FAILED (${signal ?? `exit ${code}`})`;
      const text = Buffer.concat(output).toString('utf8').trimEnd();
      process.stdout.write(`\n== ${name}: ${status}, ${seconds} s\n${text ? `${text}\n` : ''}`);
      if (code !== 0) failed.push(name);
      resolve(code);
    });
  });
}

async function lane() {
  while (next < names.length) {
    const index = next++;
    await run(names[index], index === 0);
  }
}

await Promise.all(Array.from({ length: Math.min(availableParallelism(), names.length) }, lane));
if (failed.length > 0) {
  process.stdout.write(`\n== ${failed.length} of ${names.length} failed: ${failed.join(', ')}\n`);
  process.exit(1);
}
