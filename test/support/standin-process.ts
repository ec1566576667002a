// `standin serve` as a child process, for the tests that need a real one (kill -9, two servers on one file):
// started from dist/ (npm test builds first) and resolved once its banner is printed; every child started is
// killed by stopAll().
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The built command line. */
export const CLI = fileURLToPath(new URL('../../dist/cli/standin.js', import.meta.url));
const started: ChildProcess[] = [];

export interface Serving {
  child: ChildProcess;
  banner: string;
  baseUrl: string;
  /** The default person's read-write token. */
  token: string;
  port: number;
}

function spawnServe(args: string[], env: Record<string, string> = {}, cwd?: string): ChildProcess {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build first (npm test does)`);
  const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', ...args], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  started.push(child);
  return child;
}

/**
 * Starts `standin serve --port 0 ARGS` (in `cwd`, or this process's folder) and resolves once it is ready;
 * rejects with its output when it exits first.
 * @example const { baseUrl, token } = await startServing(['--state', file]);
 */
export function startServing(args: string[], cwd?: string): Promise<Serving> {
  const child = spawnServe(args, {}, cwd);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      if (!out.includes('the contract:')) return;
      const match = /serving \/api\/v2 at (https?:\/\/[^\s:]+:(\d+)\/api\/v2)[\s\S]*token: (\S+)/.exec(out);
      // Rejected rather than thrown: a throw in this listener would escape the test.
      if (match) resolve({ child, banner: out, baseUrl: match[1]!, port: Number(match[2]), token: match[3]! });
      else reject(new Error(`the banner names no base URL or no token: ${out}`));
    });
    child.stderr!.on('data', (chunk) => (out += chunk));
    child.once('exit', (code) => reject(new Error(`standin exited with ${code} before it was ready:\n${out}`)));
  });
}

/**
 * Starts `standin serve --port 0 ARGS` and resolves with how it ended when it ends on its own (a refusal), or
 * with its banner once it is ready: for racing starts, where either may happen.
 */
export function startOrRefusal(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; code: number | null; stdout: string; stderr: string }> {
  const child = spawnServe(args, env);
  return new Promise((resolve) => {
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk) => {
      stdout += chunk;
      if (stdout.includes('the contract:')) resolve({ child, code: null, stdout, stderr });
    });
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    // 'close', not 'exit': only then has all of stderr been read.
    child.once('close', (code) => resolve({ child, code, stdout, stderr }));
  });
}

/** Resolves once the child has exited and its output is read, with its exit code. */
export function ended(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('close', (code) => resolve(code)));
}

/** Kills every child still running (afterEach). */
export function stopAll(): void {
  for (const child of started.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}
