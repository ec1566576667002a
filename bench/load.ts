// Load on a server: autocannon at many connections for throughput, and a plain keep-alive loop at one connection
// for latency, timed per request to the microsecond (autocannon's histogram counts whole milliseconds, too
// coarse for a p99 of a few ms compared as a ratio).
import { Agent, request } from 'node:http';
import autocannon from 'autocannon';
import { percentile, round } from './stats.js';

/** One request of a scenario, as autocannon takes it. */
export interface RequestSpec {
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  body?: string;
  /** Headers beyond the token and the body's type: an MCP request's Accept (MCP1). */
  headers?: Record<string, string>;
}

export interface LoadResult {
  /** Completed requests per second over the run. */
  rps: number;
  /** Latency in ms: whole ms from autocannon, to 0.01 ms from the one-connection loop. */
  p50: number;
  p99: number;
  requests: number;
  /** Non-2xx answers, errors and timeouts: a run with any is not a valid figure. */
  failed: number;
  /**
   * The server process's CPU time per request, in µs (user and system, from /proc): what a request costs the
   * server whatever else the box does meanwhile. Null where /proc has no such figure.
   */
  cpuUs?: number | null;
}

export function headersFor(token: string | undefined, body: boolean): Record<string, string> {
  return {
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...(body ? { 'content-type': 'application/json' } : {}),
  };
}

/**
 * autocannon against `origin` for `seconds`: one request, or a sequence each connection cycles through (the
 * mixed profile).
 */
export async function cannon(
  origin: string,
  requests: RequestSpec[],
  options: { token?: string; connections: number; seconds: number },
): Promise<LoadResult> {
  const result = await autocannon({
    url: origin,
    connections: options.connections,
    duration: options.seconds,
    requests: requests.map((spec) => ({
      method: spec.method,
      path: spec.path,
      body: spec.body,
      headers: { ...headersFor(options.token, spec.body !== undefined), ...spec.headers },
    })),
  });
  return {
    rps: round(result.requests.total / Math.max(result.duration, 1e-3), 0),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

/** One request after the other on one keep-alive connection for `seconds`; every latency kept. */
export async function oneConnection(
  origin: string,
  spec: RequestSpec,
  options: { token?: string; seconds: number },
): Promise<LoadResult> {
  const url = new URL(spec.path, origin);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const headers = { ...headersFor(options.token, spec.body !== undefined), ...spec.headers };
  const latencies: number[] = [];
  let failed = 0;
  const started = performance.now();
  const end = started + options.seconds * 1000;
  try {
    while (performance.now() < end) {
      const sent = performance.now();
      const status = await new Promise<number>((resolve, reject) => {
        const req = request(url, { method: spec.method, headers, agent }, (res) => {
          res.resume();
          res.once('end', () => resolve(res.statusCode ?? 0));
          res.once('error', reject);
        });
        req.once('error', reject);
        req.end(spec.body);
      }).catch(() => 0);
      latencies.push(performance.now() - sent);
      if (status < 200 || status > 299) failed++;
    }
  } finally {
    agent.destroy();
  }
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    rps: round(latencies.length / elapsed, 0),
    p50: round(percentile(latencies, 50), 2),
    p99: round(percentile(latencies, 99), 2),
    requests: latencies.length,
    failed,
  };
}
