// G13 beyond loopback: a server bound where others reach it (0.0.0.0, ::, a LAN address, a host name) opens the
// controls to them — every person's tokens, reset, webhooks that make it send requests — unless a control token
// guards them. `standin serve` refuses such a start unless --unsafe-open-controls says the network is the
// user's alone.
import { isIP } from 'node:net';

/**
 * Whether a bind address (`--host`) reaches this machine alone: localhost, a *.localhost name, 127.0.0.0/8, ::1
 * (bracketed or not), ::ffff:127.x.
 * @example isLoopbackBind('127.0.0.1') // true
 * @example isLoopbackBind('0.0.0.0') // false
 */
export function isLoopbackBind(host: string): boolean {
  const bare = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (bare === 'localhost' || bare.endsWith('.localhost')) return true;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  if (isIP(bare) === 6) return bare === '::1' || /^::ffff:127\./.test(bare) || /^(0+:){7}0*1$/.test(bare);
  return false;
}

/**
 * The refusal of a start that would open the controls beyond this machine, or undefined when it may start:
 * bound to loopback, with a control token, or told to open them anyway.
 * @example openControlsProblem('0.0.0.0', undefined, false) // '--host 0.0.0.0 lets anyone who reaches it use the controls …'
 */
export function openControlsProblem(
  host: string,
  controlToken: string | undefined,
  unsafeOpen: boolean,
): string | undefined {
  if (isLoopbackBind(host) || controlToken || unsafeOpen) return undefined;
  return `--host ${host} lets anyone who reaches it use the controls (/__mock: every person's tokens, reset, webhooks): give --control-token T (STANDIN_CONTROL_TOKEN), or --unsafe-open-controls (STANDIN_UNSAFE_OPEN_CONTROLS=1) if the network is yours alone`;
}
