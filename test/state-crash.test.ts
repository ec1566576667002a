// kill -9 under a stream of large writes (issue 17, finding 7): a write is answered only once its change is
// in the file, so every answered write is in the restarted world, whatever the kill cut short (an append, a
// rewrite of the log), and the file always loads. No clock is involved: the kill comes after a count of answers.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { largeCheckInPatch } from '../bench/large-check-in.js';
import { ownCheckIns } from '../bench/own-check-ins.js';
import { startServing, stopAll } from './support/standin-process.js';

const NOW = ['--now', '2026-11-20T15:00:00Z'];
/** Answers before the kill: 24 records of 540 KB pass the log's rewrite threshold (8 MiB over its size). */
const KILL_AFTER = 24;
const WRITERS = 3;

afterEach(stopAll);

describe('kill -9 under a stream of 540 KB writes', () => {
  it('loses no answered write: each is in the restarted world, and the file loads', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'standin-crash-')), 'world.jsonl');
    const first = await startServing([...NOW, '--state', file]);
    const ids = (await ownCheckIns(first.baseUrl, first.token)).slice(0, KILL_AFTER + 2 * WRITERS);
    const answered = new Map<string, string>();
    let next = 0;
    const write = async (): Promise<void> => {
      for (let id = ids[next++]; id !== undefined && first.child.exitCode === null; id = ids[next++]) {
        const marker = `write-${next}`;
        let response: Response;
        try {
          response = await fetch(`${first.baseUrl}/check-ins/${id}`, {
            method: 'PATCH',
            body: largeCheckInPatch(marker),
            headers: { authorization: `Bearer ${first.token}`, 'content-type': 'application/json' },
          });
        } catch {
          return; // cut off by the kill: never answered
        }
        expect(response.status).toBe(200);
        answered.set(id, marker);
        if (answered.size === KILL_AFTER) first.child.kill('SIGKILL');
        await response.arrayBuffer().catch(() => undefined);
      }
    };
    await Promise.all(Array.from({ length: WRITERS }, write));
    expect(answered.size).toBeGreaterThanOrEqual(KILL_AFTER);

    const second = await startServing([...NOW, '--state', file]);
    expect(second.banner).toContain(`state: loaded from ${file}`);
    const kept = await Promise.all(
      [...answered.keys()].map(async (id) => {
        const response = await fetch(`${second.baseUrl}/check-ins/${id}`, {
          headers: { authorization: `Bearer ${second.token}` },
        });
        const { intentions } = (await response.json()) as { intentions: string | null };
        return [id, intentions?.split(' ')[0] ?? null];
      }),
    );
    expect(Object.fromEntries(kept)).toEqual(Object.fromEntries(answered));
  });
});
