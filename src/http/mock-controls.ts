// The mock's own controls under /__mock, never under /api/v2: MK1 tokens, MK2 reset, EC3 pause and resume.
import { Hono } from 'hono';
import { DomainError } from '../domain/domain-error.js';
import { pauseEchoQuestion, resumeEchoQuestion } from '../domain/echoes.js';
import type { Mock } from './app.js';
import { problemResponse } from './problem.js';

/** MK1: every person's read-write and read-only tokens; the default person first. */
export function tokenList(mock: Mock) {
  const { world } = mock;
  const people = [...world.store.peopleInOrder].sort((a, b) => Number(b.id === world.defaultPersonId) - Number(a.id === world.defaultPersonId));
  return people.map((p) => ({
    person: { id: p.id, name: p.name, username: p.username },
    default: p.id === world.defaultPersonId,
    read_write: p.tokens.readWrite,
    read_only: p.tokens.readOnly,
  }));
}

export function mockControls(mock: Mock): Hono {
  const controls = new Hono();

  controls.get('/tokens', (c) => c.json(tokenList(mock)));

  // MK2: `{seed?}`; same seed, same world.
  controls.post('/reset', async (c) => {
    const text = await c.req.text();
    let seed: unknown;
    if (text.trim() !== '') {
      try {
        seed = (JSON.parse(text) as { seed?: unknown } | null)?.seed;
      } catch {
        return problemResponse(400, 'malformed-json', 'The body is not valid JSON; send {"seed": 42} or no body (MK2).');
      }
    }
    if (seed !== undefined && !Number.isSafeInteger(seed)) {
      return problemResponse(422, 'invalid-values', 'seed must be an integer (MK2); send {"seed": 42} or no body.',
        [{ in: 'body', name: 'seed', message: 'seed must be an integer (MK2).' }]);
    }
    const world = mock.reset(seed as number | undefined);
    return c.json({ seed: world.seed, size: world.size, default_person_id: world.defaultPersonId });
  });

  // EC3: pausing is not part of the public surface, so the mock offers it here.
  for (const action of ['pause', 'resume'] as const) {
    controls.post(`/echo/questions/:id/${action}`, (c) => {
      mock.world.catchUp();
      try {
        const result = action === 'pause' ? pauseEchoQuestion(mock.world, c.req.param('id')) : resumeEchoQuestion(mock.world, c.req.param('id'));
        return c.json(result);
      } catch (error) {
        if (error instanceof DomainError) return problemResponse(404, 'not-found', error.message);
        throw error;
      }
    });
  }
  return controls;
}
