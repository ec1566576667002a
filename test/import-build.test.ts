// standin import's last steps: an organisation read through the API, built into a world's records and written as a
// state, which a second standin serves: read back through its API, every record and relation is the source's (but
// the people's account, the world's own, PT1); the contract kit passes against it; the same organisation and key
// give the same bytes.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkContract } from '../contract-tests/kit/check-contract.js';
import { worldAccount } from '../fixtures/world-account.js';
import { createMock } from '../src/http/app.js';
import { importedStateText } from '../src/import/import-state.js';
import { IMPORTED_SEED, orgRecords, tokensOf } from '../src/import/org-records.js';
import type { SourceOrg } from '../src/import/source-org.js';
import { startServer, type RunningMock } from '../src/server/start-server.js';
import { NOW } from './support/harness.js';
import { orgInProcess } from './support/org-in-process.js';

const SINCE = '2026-10-21';
const KEY = 'a salt of the test';
let source: SourceOrg;
let text: string;
let served: RunningMock;

beforeAll(async () => {
  const mock = createMock({ seed: 7, now: NOW });
  source = await orgInProcess(mock, SINCE);
  mock.close();
  text = importedStateText(orgRecords(source, KEY).contents);
  const file = join(mkdtempSync(join(tmpdir(), 'standin-import-')), 'org.json');
  writeFileSync(file, text);
  served = await startServer({ port: 0, host: '127.0.0.1', state: file });
});

afterAll(() => served?.close());

/** A person of the source as the built world answers them: its account is the world's own, its seed's (PT1). */
const asServed = (person: SourceOrg['me']): SourceOrg['me'] => ({ ...person, account: worldAccount(IMPORTED_SEED) });

describe('an organisation built into a world', () => {
  it('is the same bytes for the same organisation and key, whatever the order it was read in', () => {
    const shuffled: SourceOrg = {
      ...source,
      people: [...source.people].reverse(),
      goals: [...source.goals].reverse(),
      checkIns: [...source.checkIns].reverse(),
    };
    expect(importedStateText(orgRecords(shuffled, KEY).contents)).toBe(text);
    expect(importedStateText(orgRecords(source, 'another key').contents)).not.toBe(text);
  });

  it('serves, read back through the API, every record and relation the source had', async () => {
    const back = await orgInProcess(served.mock, SINCE);
    expect(back.me).toEqual(asServed(source.me));
    expect(back.people).toEqual(source.people.map(asServed));
    for (const kind of [
      'teams',
      'goals',
      'goalUpdates',
      'checkIns',
      'echoAnswers',
      'activities',
      'comments',
      'reactions',
    ] as const) {
      expect(back[kind].length, kind).toBe(source[kind].length);
      expect(back[kind], kind).toEqual(source[kind]);
    }
    // An Echo's next answer is due after the world's clock: the source's clock was later than its last record.
    expect(back.echoQuestions.map(({ next_answer_at: _, ...q }) => q)).toEqual(
      source.echoQuestions.map(({ next_answer_at: _, ...q }) => q),
    );
    expect(source.checkIns.length).toBeGreaterThan(100);
    expect(source.comments.length).toBeGreaterThan(0);
  });

  it('is taken by PUT /__mock/state as it is by --state', async () => {
    const other = await startServer({ port: 0, host: '127.0.0.1', now: NOW });
    try {
      const origin = other.baseUrl.replace(/\/api\/v2$/, '');
      const put = await fetch(`${origin}/__mock/state`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: text,
      });
      expect(put.status, await put.clone().text()).toBe(200);
      const me = await fetch(`${other.baseUrl}/me`, {
        headers: { authorization: `Bearer ${tokensOf(KEY, source.me.id).readOnly}` },
      });
      expect(await me.json()).toEqual(asServed(source.me));
    } finally {
      await other.close();
    }
  });

  it("answers the people's tokens the import made, and no token of the source world", async () => {
    const origin = served.baseUrl;
    const me = await fetch(`${origin}/me`, {
      headers: { authorization: `Bearer ${tokensOf(KEY, source.me.id).readWrite}` },
    });
    expect(me.status).toBe(200);
    const sourceToken = createMock({ seed: 7, now: NOW });
    const old = sourceToken.world.store.people.get(sourceToken.world.defaultPersonId)!.tokens.readWrite;
    sourceToken.close();
    expect((await fetch(`${origin}/me`, { headers: { authorization: `Bearer ${old}` } })).status).toBe(401);
  });

  it('passes the contract kit', async () => {
    const run = await checkContract({ baseUrl: served.baseUrl, token: tokensOf(KEY, source.me.id).readWrite });
    expect(run.ok, run.text).toBe(true);
  }, 60_000);
  it('goes back to the imported organisation on a reset, not to a generated world (MK2)', async () => {
    const headers = {
      authorization: `Bearer ${tokensOf(KEY, source.me.id).readWrite}`,
      'content-type': 'application/json',
    };
    const goal = source.goals[0]!;
    const posted = await fetch(`${served.baseUrl}/goals/${goal.id}/goal-updates`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ title: 'A change to throw away', confidence: 50 }),
    });
    expect(posted.status).toBe(201);
    const origin = served.baseUrl.replace(/\/api\/v2$/, '');
    const reset = await fetch(`${origin}/__mock/reset`, { method: 'POST', headers, body: '{}' });
    expect(reset.status).toBe(200);
    expect((await reset.json()).default_person_id).toBe(source.me.id);
    const back = await orgInProcess(served.mock, SINCE);
    expect(back.goalUpdates).toEqual(source.goalUpdates);
    expect(back.people).toEqual(source.people.map(asServed));
    // Another seed asked for by name is a generated world, as before.
    const generated = await fetch(`${origin}/__mock/reset`, { method: 'POST', headers, body: '{"seed":42}' });
    expect((await generated.json()).seed).toBe(42);
  });
});
