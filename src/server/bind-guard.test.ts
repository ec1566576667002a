// G13 beyond loopback: which bind addresses reach this machine alone, and when a start is refused.
import { describe, expect, it } from 'vitest';
import { isLoopbackBind, openControlsProblem } from './bind-guard.js';

describe('isLoopbackBind', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['localhost', true],
    ['LOCALHOST', true],
    ['dev.localhost', true],
    ['::1', true],
    ['[::1]', true],
    ['0:0:0:0:0:0:0:1', true],
    ['::ffff:127.0.0.1', true],
    ['0.0.0.0', false],
    ['::', false],
    ['[::]', false],
    ['192.168.1.20', false],
    ['10.0.0.1', false],
    ['fe80::1', false],
    ['::ffff:192.168.1.20', false],
    ['demo.example.com', false],
    ['localhost.evil.example', false],
    ['128.0.0.1', false],
  ])('%s reaches this machine alone: %s', (host, loopback) => {
    expect(isLoopbackBind(host)).toBe(loopback);
  });
});

describe('openControlsProblem', () => {
  it.each([
    ['127.0.0.1', undefined, false, false],
    ['0.0.0.0', 'a-control-token', false, false],
    ['0.0.0.0', undefined, true, false],
    ['0.0.0.0', undefined, false, true],
    ['0.0.0.0', '', false, true],
  ] as const)('--host %s, control token %j, open anyway %s: refused %s', (host, token, open, refused) => {
    expect(openControlsProblem(host, token, open) !== undefined).toBe(refused);
  });
});
