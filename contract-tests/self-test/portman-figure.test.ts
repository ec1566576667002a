// The Portman figure's pieces (portman-figure.ts) that need no Portman: a broken server served over HTTP answers
// as brokenFetch does in process, requests' bodies included, and the caught / false-alarm arithmetic and table.
import { describe, expect, it } from 'vitest';
import { createMock } from '../../src/index.js';
import { brokenFetch, VARIANTS } from './broken-variants.js';
import { caughtBy, failureKey, portmanTable } from './portman-figure.js';
import { serveVariant } from './served-variant.js';

const NOW = '2026-11-20T15:00:00Z';

describe('serveVariant', () => {
  it('answers over HTTP what brokenFetch answers in process', async () => {
    const variant = VARIANTS.find((v) => v.name === 'check-ins lose the absent field')!;
    const served = await serveVariant(variant);
    try {
      const auth = { authorization: `Bearer ${served.token}` };
      const list = (await (await fetch(`${served.root}/api/v2/check-ins?per_page=1`, { headers: auth })).json()) as [
        Record<string, unknown>,
      ];
      const mock = createMock({ now: NOW });
      const inProcess = brokenFetch(mock, variant);
      const expected = await (
        await inProcess(`http://standin.test/api/v2/check-ins?per_page=1`, { headers: auth })
      ).json();
      expect(list).toEqual(expected);
      expect(Object.keys(list[0])).not.toContain('absent');
      expect(Object.keys(list[0])).toContain('blocked');
    } finally {
      await served.close();
    }
  });

  it('passes a request body on to the mock, and serves the activity hook outside /api/v2', async () => {
    const served = await serveVariant(null);
    try {
      const created = await fetch(`${served.root}/api/v2/echo/questions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${served.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Served over HTTP', prompt: 'What did you ship?' }),
      });
      expect(created.status).toBe(201);
      expect(((await created.json()) as { title: string }).title).toBe('Served over HTTP');
      const hook = await fetch(`${served.root}/hooks/activity/a/${served.hook.accountId}?token=wrong`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(hook.status).toBe(401);
    } finally {
      await served.close();
    }
  });
});

describe('the caught / false-alarm arithmetic', () => {
  it('keys an assertion by its name and a script error by its kind, never by a message that holds ids', () => {
    expect(
      failureKey({
        error: { name: 'AssertionError', message: 'expected 404 to be 2xx', test: '[GET]::/me - Status code is 2xx' },
        source: { name: 'Get the authenticated person' },
      }),
    ).toBe('Get the authenticated person | [GET]::/me - Status code is 2xx');
    expect(
      failureKey({ error: { name: 'JSONError', message: 'Unexpected token < at 1:1' }, source: { name: 'x' } }),
    ).toBe('x | JSONError');
  });

  it("counts a variant caught only by failures the sound mock doesn't give", () => {
    const sound = ['Delete a goal | status', 'Get a goal | schema'];
    expect(caughtBy(sound, ['Get a goal | schema'])).toEqual([]);
    expect(caughtBy(sound, ['Get a goal | schema', 'List goals | schema'])).toEqual(['List goals | schema']);
    expect(caughtBy([], ['List goals | schema'])).toEqual(['List goals | schema']);
  });

  it('tallies per kind and in all', () => {
    const text = portmanTable([
      { kind: 'schema', name: 'a', caught: ['x | y'] },
      { kind: 'schema', name: 'b', caught: [] },
      { kind: 'sequence', name: 'c', caught: [] },
    ]);
    expect(text.split('\n')).toEqual([
      'kind       | variants | portman+newman',
      'schema     |        2 |        1/2 50%',
      'sequence   |        1 |         0/1 0%',
      'all        |        3 |        1/3 33%',
    ]);
  });
});
