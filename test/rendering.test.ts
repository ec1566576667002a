// Answers are rendered once per record and reused (src/http/renderer.ts): every answer must still follow what
// its text was made from — the goal an update names, a parent's title and visibility, an echo's title and the
// clock, the latest update — in each world on its own (MK5), never a stale text.
import { describe, expect, it } from 'vitest';
import { Harness } from './support/harness.js';

const API = '/api/v2';

describe('rendered answers follow what they were made from', () => {
  it('an update names its goal by its current title (GU1), in lists and alone', async () => {
    const h = new Harness();
    const goal = (await h.post(`${API}/goals`, { title: 'Before' })).body;
    const update = (await h.post(`${API}/goals/${goal.id}/goal-updates`, { title: 'Week 1' })).body;
    expect((await h.get(`${API}/goal-updates/${update.id}`)).body.goal.title).toBe('Before');
    await h.patch(`${API}/goals/${goal.id}`, { title: 'After' });
    expect((await h.get(`${API}/goal-updates/${update.id}`)).body.goal).toEqual({ id: goal.id, title: 'After' });
    expect((await h.get(`${API}/goals/${goal.id}/goal-updates`)).body[0].goal.title).toBe('After');
  });

  it("a goal shows its parent's current title, and null once the parent is private to the viewer (GO7)", async () => {
    const h = new Harness();
    const other = h.person((p) => p.id !== h.world.defaultPersonId && !p.administrator);
    const parent = (await h.post(`${API}/goals`, { title: 'Parent' })).body;
    const child = (await h.post(`${API}/goals`, { title: 'Child', parent_id: parent.id })).body;
    const asOther = { token: other.tokens.readWrite };
    expect((await h.get(`${API}/goals/${child.id}`, asOther)).body.parent).toEqual({ id: parent.id, title: 'Parent' });
    await h.patch(`${API}/goals/${parent.id}`, { title: 'Renamed' });
    expect((await h.get(`${API}/goals/${child.id}`, asOther)).body.parent.title).toBe('Renamed');
    await h.patch(`${API}/goals/${parent.id}`, { private: true });
    expect((await h.get(`${API}/goals/${child.id}`, asOther)).body.parent).toBeNull();
    expect((await h.get(`${API}/goals/${child.id}`)).body.parent).toEqual({ id: parent.id, title: 'Renamed' });
  });

  it("a goal's progress and confidence follow its latest update, each ETag with them (GO4, G12)", async () => {
    const h = new Harness();
    const goal = (await h.post(`${API}/goals`, { title: 'Tracked' })).body;
    const first = await h.get(`${API}/goals/${goal.id}`);
    await h.post(`${API}/goals/${goal.id}/goal-updates`, { progress: 40, confidence: 74 });
    const second = await h.get(`${API}/goals/${goal.id}`);
    expect(second.body).toMatchObject({ progress: 40, confidence: 60, confidence_description: 'At risk' });
    expect(second.headers.get('etag')).not.toBe(first.headers.get('etag'));
  });

  it("an echo answer names its question's current title, and next_answer_at moves with the clock (EC2)", async () => {
    const h = new Harness();
    const question = (await h.post(`${API}/echo/questions`, { prompt: 'What shipped?', answer_frequency: 'daily' }))
      .body;
    const answer = (await h.post(`${API}/echo/questions/${question.id}/answers`, { body: 'Billing' })).body;
    await h.patch(`${API}/echo/questions/${question.id}`, { title: 'Ship recap' });
    expect((await h.get(`${API}/echo/answers/${answer.id}`)).body.question.title).toBe('Ship recap');
    const before = (await h.get(`${API}/echo/questions/${question.id}`)).body.next_answer_at;
    h.world.clock.advance(2 * 24 * 3600 * 1000);
    const after = (await h.get(`${API}/echo/questions/${question.id}`)).body.next_answer_at;
    expect(Date.parse(after)).toBeGreaterThan(Date.parse(before));
  });

  it("a session's update shows in its world only, though both render the same generated goal (MK5)", async () => {
    const h = new Harness();
    const [goal] = (await h.get(`${API}/goals?per_page=1`)).body;
    const shared = (await h.get(`${API}/goals/${goal.id}`)).body;
    const session = { headers: { 'x-mock-session': 'renders' } };
    await h.post(`${API}/goals/${goal.id}/goal-updates`, { progress: 97, confidence: 10 }, session);
    for (let round = 0; round < 2; round++) {
      expect((await h.get(`${API}/goals/${goal.id}`, session)).body).toMatchObject({ progress: 97, confidence: 30 });
      expect((await h.get(`${API}/goals/${goal.id}`)).body).toEqual(shared);
    }
  });
});
