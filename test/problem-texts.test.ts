// G8 and G2 word for word, through app.request: a 404 names the kind of record and the id, a 403 who may act,
// a 422 each field with its rule; one check-in absent (CI9) marks no other day. The texts are the API's
// contract with a developer reading them, so each is compared whole.
import { describe, expect, it } from 'vitest';
import { DomainError } from '../src/domain/domain-error.js';
import { Harness } from './support/harness.js';

const API = '/api/v2';
const UNKNOWN = '3b241101-e2bb-4255-8caf-4136c566a962';
const notFound = (kind: string) =>
  `No ${kind} with id ${UNKNOWN} exists, or it is not visible to you (G2). Check the id; list them to find one.`;

describe('G2: a 404 names what was asked for', () => {
  it.each<[string, string, string, unknown]>([
    ['GET', `${API}/people/${UNKNOWN}`, 'person', undefined],
    ['GET', `${API}/goals/${UNKNOWN}`, 'goal', undefined],
    ['GET', `${API}/check-ins/${UNKNOWN}`, 'check-in', undefined],
    ['GET', `${API}/teams/${UNKNOWN}`, 'team', undefined],
    ['GET', `${API}/activities/${UNKNOWN}`, 'activity', undefined],
    ['PATCH', `${API}/comments/${UNKNOWN}`, 'comment', { body: 'x' }],
    ['DELETE', `${API}/reactions/${UNKNOWN}`, 'reaction', undefined],
    ['POST', `/__mock/people/${UNKNOWN}/absences`, 'person', { start: '2026-11-23', end: '2026-11-24' }],
    ['GET', `${API}/echo/questions/${UNKNOWN}`, 'echo question', undefined],
    ['GET', `${API}/echo/answers/${UNKNOWN}`, 'echo answer', undefined],
  ])('%s %s', async (method, path, kind, body) => {
    const h = new Harness();
    const res = await h.call(method, path, body === undefined ? {} : { body });
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe(notFound(kind));
    // A 404 carries no errors[] (G8's errors are a 422's).
    expect(res.body).not.toHaveProperty('errors');
  });
});

describe('G8: refusals name the field and the rule', () => {
  it('CR2 a reaction is deleted by the person who reacted only, and the 403 says whose it is', async () => {
    const h = new Harness();
    const checkIn = [...h.world.store.checkIns.values()][0]!;
    const made = await h.call('POST', `${API}/check-ins/${checkIn.id}/reactions`, { body: { name: 'tada' } });
    expect(made.status).toBe(201);
    const other = [...h.world.store.people.values()].find((p) => p.id !== h.person().id)!;
    const res = await h.call('DELETE', `${API}/reactions/${made.body.id}`, { token: h.tokenOf(other) });
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe(`Only the person who reacted can delete reaction ${made.body.id} (CR2).`);
  });

  it('AC1 since after until: 422 naming since, with both instants', async () => {
    const h = new Harness();
    const res = await h.call('GET', `${API}/activities?since=2026-11-20T00:00:00Z&until=2026-11-19T00:00:00Z`);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([
      {
        in: 'query',
        name: 'since',
        message: 'since must not be after until (AC1): since=2026-11-20T00:00:00Z, until=2026-11-19T00:00:00Z.',
      },
    ]);
  });

  it('CI9 an absence ending before it starts: 422 naming end', async () => {
    const h = new Harness();
    const res = await h.call('POST', `/__mock/people/${h.person().id}/absences`, {
      body: { start: '2026-11-24', end: '2026-11-23' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([
      { in: 'body', name: 'end', message: 'end must not be before start (CI9): start=2026-11-24, end=2026-11-23.' },
    ]);
  });

  it('a refusal of several fields says each, one after the other, in its detail', () => {
    const error = DomainError.invalid([
      { in: 'body', name: 'a', message: 'a is wrong.' },
      { in: 'body', name: 'b', message: 'b is wrong.' },
    ]);
    expect([error.name, error.message, error.kind]).toEqual(['DomainError', 'a is wrong. b is wrong.', 'invalid']);
    expect(new DomainError('conflict', 'full').errors).toEqual([]);
  });
});

describe('CI9: an absence marks the check-ins of its days only', () => {
  it('marks the day it covers, not the day after', async () => {
    const h = new Harness();
    const { store } = h.world;
    // Someone with a check-in on both days (the world's clock is Friday 2026-11-20, 15:00 UTC).
    const person = [...store.people.values()].find(
      (p) => store.checkInOf(p.id, '2026-11-19') && store.checkInOf(p.id, '2026-11-20'),
    )!;
    const res = await h.call('POST', `/__mock/people/${person.id}/absences`, {
      body: { start: '2026-11-19', end: '2026-11-19' },
    });
    expect(res.status).toBe(201);
    expect(res.body.absent_check_ins).toBe(1);
    expect(store.checkInOf(person.id, '2026-11-19')?.absent).toBe(true);
    expect(store.checkInOf(person.id, '2026-11-20')?.absent).toBe(false);
  });
});

describe('EC7 and EC3 on Echoes', () => {
  it('EC7 says who may change or delete an Echo and its answers, naming the Echo', async () => {
    const h = new Harness();
    const { store } = h.world;
    const answer = [...store.echoAnswers.values()][0]!;
    const question = store.echoQuestions.get(answer.questionId)!;
    const outsider = [...store.people.values()].find((p) => !p.administrator && p.id !== question.creatorId)!;
    const token = h.tokenOf(outsider);
    const said = (action: string) => `Only the creator of Echo ${question.id} or an administrator may ${action} (EC7).`;
    const patch = await h.call('PATCH', `${API}/echo/questions/${question.id}`, { body: { title: 'x' }, token });
    const remove = await h.call('DELETE', `${API}/echo/questions/${question.id}`, { token });
    const answerPatch = await h.call('PATCH', `${API}/echo/answers/${answer.id}`, { body: { title: 'x' }, token });
    expect([patch.status, remove.status, answerPatch.status]).toEqual([403, 403, 403]);
    expect([patch.body.detail, remove.body.detail, answerPatch.body.detail]).toEqual([
      said('change it'),
      said('delete it'),
      said(`change its answer ${answer.id}`),
    ]);
  });

  it('EC3 pausing a paused Echo, or resuming a running one, changes nothing', async () => {
    const h = new Harness();
    const id = [...h.world.store.echoQuestions.keys()][0]!;
    const paused = await h.call('POST', `/__mock/echo/questions/${id}/pause`);
    expect(paused.status).toBe(200);
    await h.call('POST', '/__mock/clock/advance', { body: { hours: 1 } });
    const again = await h.call('POST', `/__mock/echo/questions/${id}/pause`);
    expect(again.body).toEqual(paused.body);
    const resumed = await h.call('POST', `/__mock/echo/questions/${id}/resume`);
    expect(resumed.body.paused_at).toBeNull();
    await h.call('POST', '/__mock/clock/advance', { body: { hours: 1 } });
    const resumedAgain = await h.call('POST', `/__mock/echo/questions/${id}/resume`);
    expect(resumedAgain.body).toEqual(resumed.body);
  });
});
