// Group commit (issue 17, finding 7): a write is answered only once its change is in the file, also while the
// log is rewritten beside the appends; and a batch of large records is serialized a record per turn of the
// event loop, never all at once. In-process, reading the file the moment each answer arrives.
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type RunningMock } from '../src/server/start-server.js';
import { SLICE_BYTES } from '../src/server/state-file-writer.js';
import { readStateFile } from '../src/server/state-file.js';
import type { CheckIn } from '../src/domain/records.js';
import { largeCheckInPatch } from '../bench/large-check-in.js';
import { ownCheckIns } from '../bench/own-check-ins.js';

const NOW = '2026-11-20T15:00:00Z';
const dir = mkdtempSync(join(tmpdir(), 'standin-commit-'));
const running: RunningMock[] = [];

afterEach(async () => {
  for (const server of running.splice(0)) await server.close();
});

async function serve(file: string) {
  const server = await startServer({ port: 0, host: '127.0.0.1', now: NOW, state: file });
  running.push(server);
  const { world } = server.mock;
  const token = world.store.people.get(world.defaultPersonId)!.tokens.readWrite;
  return { server, token };
}

/** Per check-in id, the first word of its intentions as the file holds them now. */
function intentionsInFile(file: string): Map<string, string | undefined> {
  const state = readStateFile(file) as { changes: { checkIns?: Array<{ id: string; intentions: string | null }> } };
  return new Map((state.changes.checkIns ?? []).map((c) => [c.id, c.intentions?.split(' ')[0]]));
}

describe('--state FILE: group commit', () => {
  it('answers a write only once its change is in the file, also while the log is rewritten', async () => {
    const file = join(dir, 'commit.jsonl');
    const { server, token } = await serve(file);
    // Two 540 KB records written over and over: the log passes the rewrite threshold after about 16 writes,
    // and the rewrite (of two records, and what changed meanwhile) runs while the writes go on.
    const ids = (await ownCheckIns(server.baseUrl, token)).slice(0, 2);
    const inode = statSync(file).ino;
    const latest = new Map<string, string>();
    const mismatches: string[] = [];
    let after = 0;
    for (let n = 1; n <= 60 && after < 3; n++) {
      const id = ids[n % ids.length]!;
      const response = await fetch(`${server.baseUrl}/check-ins/${id}`, {
        method: 'PATCH',
        body: largeCheckInPatch(`write-${n}`),
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      });
      expect(response.status).toBe(200);
      latest.set(id, `write-${n}`);
      // The moment an answer arrives, every answered write is in the file, none lost by the rename.
      const inFile = intentionsInFile(file);
      for (const [done, marker] of latest)
        if (inFile.get(done) !== marker)
          mismatches.push(`after write-${n}: ${done} holds ${inFile.get(done)}, not ${marker}`);
      if (statSync(file).ino !== inode) after++;
      await response.arrayBuffer();
    }
    // Rewritten, renamed over, then written to again.
    expect(after).toBe(3);
    expect(mismatches).toEqual([]);
  });

  it('serializes a batch of large records one record per turn of the event loop', async () => {
    const file = join(dir, 'slices.jsonl');
    const { server } = await serve(file);
    const { store } = server.mock.world;
    const answers = JSON.parse(largeCheckInPatch('slice')) as Pick<CheckIn, 'previous' | 'intentions' | 'blockers'>;
    expect(Buffer.byteLength(JSON.stringify(answers))).toBeGreaterThan(SLICE_BYTES);
    let turn = 0;
    const serializedAt: number[] = [];
    // Changed in one turn, as one request would, so they land in one batch; each record notes in which turn
    // of the event loop it is serialized (toJSON's undefined leaves the note out of the file).
    for (const checkIn of [...store.checkIns.values()].slice(0, 20)) {
      const probe = { toJSON: () => void serializedAt.push(turn) };
      store.putCheckIn({ ...checkIn, ...answers, probe } as CheckIn);
    }
    let saved = false;
    const tick = () => {
      turn++;
      if (!saved) setImmediate(tick);
    };
    setImmediate(tick);
    await server.stateWriter!.save();
    saved = true;
    // Each record is over a slice's bytes: a slice of its own, made in a turn of its own.
    expect(serializedAt).toHaveLength(20);
    expect(new Set(serializedAt).size).toBe(20);
    expect(readFileSync(file, 'utf8').split('"intentions":"slice').length - 1).toBe(20);
    expect(readFileSync(file, 'utf8')).not.toContain('probe');
  });
});
