// Child processes of the benchmark: each started in its own process group, so that stopping one stops all it
// started (npm's shell and server too), and none outlives the benchmark, whatever way it ends.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync, readlinkSync } from 'node:fs';
import { connect, createServer, type AddressInfo } from 'node:net';

export interface Spawned {
  child: ChildProcess;
  pid: number;
  /** performance.now() just before spawn: cold starts are measured from here. */
  spawnedAt: number;
  /** Everything it wrote so far, stdout and stderr together, for banners and for errors. */
  output: { text: string };
}

/** Process groups still running; killed when the benchmark exits, normally or not. */
const groups = new Set<number>();

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is gone already.
  }
}

process.once('exit', () => {
  for (const pid of groups) killGroup(pid, 'SIGKILL');
});
// Detached children do not get the terminal's Ctrl-C: the benchmark stops them before it goes.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    process.stderr.write(`\nbench: ${signal}, stopping its servers\n`);
    process.exit(130);
  });
}

/** Starts a command as the leader of a new process group; `options.cwd` defaults to the current folder. */
export function start(command: string, args: string[], options: { cwd?: string } = {}): Spawned {
  const spawnedAt = performance.now();
  const child = spawn(command, args, { cwd: options.cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  if (child.pid === undefined) throw new Error(`could not start ${command}`);
  const pid = child.pid;
  groups.add(pid);
  const output = { text: '' };
  child.stdout.on('data', (chunk: Buffer) => (output.text += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output.text += chunk.toString()));
  child.once('exit', () => {
    // The leader gone does not mean its group is (npm start's server outlives npm): keep it to kill at the end.
    if (!groupAlive(pid)) groups.delete(pid);
  });
  return { child, pid, spawnedAt, output };
}

/**
 * A process's CPU time so far (user and system), in ms, from /proc/<pid>/stat; null where there is none (not
 * Linux). In clock ticks of 10 ms (USER_HZ is 100 on Linux): a run of seconds reads it to a fraction of a percent.
 */
export function cpuMs(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** Whether any process of the group is still running. */
export function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Resolves with the first match of `pattern` in the process's output; rejects if it exits or time runs out. */
export function waitForOutput(spawned: Spawned, pattern: RegExp, timeoutMs: number): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const match = pattern.exec(spawned.output.text);
      if (!match) return;
      done();
      resolve(match);
    };
    const exited = (code: number | null) => {
      done();
      reject(new Error(`exited (${code}) before it was ready:\n${spawned.output.text.slice(-2000)}`));
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`not ready after ${timeoutMs} ms:\n${spawned.output.text.slice(-2000)}`));
    }, timeoutMs);
    const done = () => {
      clearTimeout(timer);
      spawned.child.stdout!.off('data', check);
      spawned.child.stderr!.off('data', check);
      spawned.child.off('exit', exited);
    };
    spawned.child.stdout!.on('data', check);
    spawned.child.stderr!.on('data', check);
    spawned.child.once('exit', exited);
    check();
  });
}

/** SIGTERM to the whole group, SIGKILL if anything of it is left after `graceMs`. */
export async function stop(spawned: Spawned, graceMs = 3000): Promise<void> {
  killGroup(spawned.pid, 'SIGTERM');
  for (const end = performance.now() + graceMs; groupAlive(spawned.pid) && performance.now() < end;) await sleep(20);
  killGroup(spawned.pid, 'SIGKILL');
  for (let i = 0; groupAlive(spawned.pid) && i < 100; i++) await sleep(10);
  groups.delete(spawned.pid);
}

/** Sends a signal to the one process, not its group: what a supervisor or `kill PID` does. */
export function signal(spawned: Spawned, name: NodeJS.Signals): void {
  try {
    process.kill(spawned.pid, name);
  } catch {
    // Already gone.
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
}

/** A port free right now (the kernel's pick), for servers that cannot be told to pick one and say which. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Whether something accepts TCP connections on 127.0.0.1:port. */
export function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Polls until nothing listens on the port; true if that happened within `ms`. */
export async function portClosesWithin(port: number, ms: number): Promise<{ closed: boolean; afterMs: number }> {
  const started = performance.now();
  while (performance.now() - started < ms) {
    if (!(await portOpen(port))) return { closed: true, afterMs: performance.now() - started };
    await sleep(25);
  }
  return { closed: !(await portOpen(port)), afterMs: performance.now() - started };
}

/**
 * The processes listening on a TCP port, from `ss` (Linux): the last resort to find a server that escaped its
 * process group.
 */
export function listenersOn(port: number): number[] {
  const ss = spawnSync('ss', ['-Hltnp', `sport = :${port}`], { encoding: 'utf8' });
  return [...(ss.stdout ?? '').matchAll(/pid=(\d+)/g)].map((match) => Number(match[1]));
}

/** The command line of a process, or '' if it is gone. */
export function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '';
  }
}

/** The working folder of a process, or null if it is gone. */
export function workingFolder(pid: number): string | null {
  try {
    return readlinkSync(`/proc/${pid}/cwd`);
  } catch {
    return null;
  }
}

/** Resident memory of a process in MiB, from /proc (Linux): read from outside, no hook in the server. */
export function rssMib(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) / 1024;
}
