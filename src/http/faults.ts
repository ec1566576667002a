// MK6 applied to HTTP: delays, injected 500/503 (with Retry-After), dropped connections and slow bodies for
// /api/v2 requests, from the profile in force and per request from `Prefer: delay=<ms>, code=<500|503>`.
import type { HttpBindings } from '@hono/node-server';
import type { Decision, Fault, FaultProfile } from '../runtime/fault-profile.js';
import type { Exchange } from './steps.js';
import { problemResponse } from './problem.js';
import type { Transcript } from './transcript.js';

/**
 * The statuses `Prefer: code=` injects (MK6): the ones a fault rule may (spec/control.yaml's FaultRule), each
 * an answer every operation declares (G8), so that no injected fault is off-spec. Another code is ignored, as
 * RFC 7240 lets a server ignore a preference.
 */
export const PREFERRED_CODES: ReadonlySet<number> = new Set<InjectedStatus>([500, 503]);

type InjectedStatus = Extract<Fault, { kind: 'error' }>['status'];

function isPreferredCode(code: number): code is InjectedStatus {
  return PREFERRED_CODES.has(code);
}

/** RFC 7240 preferences this mock honours, e.g. `Prefer: delay=500, code=503`. */
function applyPrefer(header: string | undefined, decision: Decision): Decision {
  if (!header) return decision;
  const prefs = Object.fromEntries(
    header.split(/[,;]/).map((p) =>
      p
        .trim()
        .split('=')
        .map((v) => v.trim().toLowerCase()),
    ),
  ) as Record<string, string | undefined>;
  const delay = Number(prefs.delay);
  const code = Number(prefs.code);
  return {
    delayMs: Number.isFinite(delay) && delay >= 0 ? Math.min(delay, 60_000) : decision.delayMs,
    ...(isPreferredCode(code)
      ? { fault: { kind: 'error', status: code, rate: 1, retry_after: 1 }, from: `Prefer: code=${code}` }
      : { fault: decision.fault, from: decision.from }),
  };
}

/**
 * A body that trickles out at `bytesPerSecond`, in tenths of a second (MK6's slow-body fault).
 * @example slowly(answer, 1024)
 */
export function slowly(response: Response, bytesPerSecond: number): Response {
  const source = response.body;
  if (!source) return response;
  const chunk = Math.max(1, Math.floor(bytesPerSecond / 10));
  const reader = source.getReader();
  let pending = new Uint8Array(0);
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      while (pending.length === 0) {
        const { done, value } = await reader.read();
        if (done) return controller.close();
        pending = value;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
      controller.enqueue(pending.slice(0, chunk));
      pending = pending.slice(chunk);
    },
  });
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(stream, { status: response.status, headers });
}

/** A fault as the journal's explanation names it (MCP6): `an injected 503`, `a dropped connection`. */
function faultName(fault: Fault): string {
  return fault.kind === 'error' ? `an injected ${fault.status}` : 'a dropped connection';
}

function injected(transcript: Transcript, fault: Extract<Fault, { kind: 'error' }>): Response {
  const headers: Record<string, string> = fault.status === 503 ? { 'retry-after': String(fault.retry_after ?? 1) } : {};
  return problemResponse(
    transcript,
    fault.status,
    'injected-fault',
    `standin injected this ${fault.status} (MK6 fault profile or Prefer: code=${fault.status}); the request did not reach the world.`,
    undefined,
    headers,
  );
}

/**
 * Applies the profile in force (or the request's Prefer) before the route: resolves with the response to send
 * instead when a fault answers, or nothing when the request goes on (a slow body noted for the way back). A
 * promise only for a delay.
 * @example const early = faultsBefore(exchange, slot.faults, c.req.header('prefer'))
 */
export function faultsBefore(
  exchange: Exchange,
  active: FaultProfile | null,
  prefer: string | undefined,
): Response | Promise<Response | undefined> | undefined {
  // Called by the front only when a profile or Prefer is in force; CORS preflights never come here (the front
  // answers them): a fault there would show in a browser as a CORS error.
  const { c } = exchange;
  const decision = applyPrefer(prefer, active ? active.decide(c.req.method, c.req.path) : { delayMs: 0, fault: null });
  if (decision.delayMs <= 0) return faulted(exchange, decision);
  return new Promise((resolve) => setTimeout(resolve, decision.delayMs)).then(() => faulted(exchange, decision));
}

/** The answer a decided fault gives instead, or nothing (a slow body is the front's on the way back). */
function faulted(exchange: Exchange, { fault, from }: Decision): Response | undefined {
  // MCP6: the journal's explanation names the fault and where it came from.
  if (fault && fault.kind !== 'slow-body')
    exchange.decided = { kind: 'fault', rule: 'MK6', what: `${faultName(fault)} from ${from}` };
  if (fault?.kind === 'error') return injected(exchange.transcript, fault);
  if (fault?.kind === 'drop') {
    // A dropped connection needs a socket; in-process (app.request) there is none, so it answers 503.
    const socket = (exchange.c.env as HttpBindings | undefined)?.incoming?.socket;
    if (socket) {
      socket.destroy();
      return new Response(null, { status: 503 });
    }
    return injected(exchange.transcript, { kind: 'error', status: 503, rate: 1, retry_after: 1 });
  }
  if (fault?.kind === 'slow-body') exchange.slowBody = fault.bytes_per_second;
  return undefined;
}
