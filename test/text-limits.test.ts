// G15 text limits on every text field the spec limits: at the limit, accepted; one character over, 422 naming
// the field, the limit and G15. Characters are code points (an emoji is one, though JavaScript counts two).
import { describe, expect, it } from 'vitest';
import type { OpenAPIV3_1 } from 'openapi-types';
import { getCompiledSpec } from '../src/spec/compiled-spec.js';
import { expectProblem, Harness } from './support/harness.js';

type Schema = OpenAPIV3_1.SchemaObject & { 'x-length-rule'?: string };

const document = getCompiledSpec().document;

/** The schema a `$ref` names, followed through request bodies and component schemas. */
function resolve<T>(node: T | OpenAPIV3_1.ReferenceObject): T {
  if (node && typeof node === 'object' && '$ref' in node) {
    const target = node.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], document);
    return resolve(target as T);
  }
  return node;
}

/** Every body field the spec holds to G15, per operation: [operationId, field, limit]. */
const G15_FIELDS = Object.values(document.paths ?? {}).flatMap((item) =>
  Object.values(item ?? {}).flatMap((operation) => {
    const op = operation as OpenAPIV3_1.OperationObject;
    if (!op.requestBody) return [];
    const body = resolve<OpenAPIV3_1.RequestBodyObject>(op.requestBody);
    const schema = resolve<Schema>(body.content['application/json']!.schema!);
    return Object.entries(schema.properties ?? {})
      .map(([name, property]) => [name, resolve<Schema>(property)] as const)
      .filter(([, property]) => property['x-length-rule'] === 'G15')
      .map(([name, property]) => [op.operationId!, name, property.maxLength!] as const);
  }),
);

/** A request of each operation that is valid but for the field under test. */
async function requestOf(h: Harness, operationId: string): Promise<{ method: string; path: string; body: object }> {
  const me = h.person();
  const goal = (await h.post('/api/v2/goals', { title: 'Limits' })).body;
  const update = (await h.post(`/api/v2/goals/${goal.id}/goal-updates`, { title: 'Week 1', body: 'Fine.' })).body;
  const [checkIn] = (await h.get(`/api/v2/check-ins?people_ids[]=${me.id}&per_page=1`)).body;
  const echo = (await h.post('/api/v2/echo/questions', { prompt: 'What shipped?' })).body;
  const answer = (await h.post(`/api/v2/echo/questions/${echo.id}/answers`, { body: 'A fix.' })).body;
  const comment = (await h.post(`/api/v2/goal-updates/${update.id}/comments`, { body: 'Nice.' })).body;
  const requests: Record<string, { method: string; path: string; body: object }> = {
    createGoal: { method: 'POST', path: '/api/v2/goals', body: {} },
    updateGoal: { method: 'PATCH', path: `/api/v2/goals/${goal.id}`, body: {} },
    createGoalUpdate: { method: 'POST', path: `/api/v2/goals/${goal.id}/goal-updates`, body: {} },
    updateGoalUpdate: { method: 'PATCH', path: `/api/v2/goal-updates/${update.id}`, body: {} },
    updateCheckIn: { method: 'PATCH', path: `/api/v2/check-ins/${checkIn.id}`, body: {} },
    createEchoQuestion: { method: 'POST', path: '/api/v2/echo/questions', body: {} },
    updateEchoQuestion: { method: 'PATCH', path: `/api/v2/echo/questions/${echo.id}`, body: {} },
    createEchoAnswer: { method: 'POST', path: `/api/v2/echo/questions/${echo.id}/answers`, body: { body: 'x' } },
    updateEchoAnswer: { method: 'PATCH', path: `/api/v2/echo/answers/${answer.id}`, body: {} },
    createCheckInComment: { method: 'POST', path: `/api/v2/check-ins/${checkIn.id}/comments`, body: {} },
    createGoalUpdateComment: { method: 'POST', path: `/api/v2/goal-updates/${update.id}/comments`, body: {} },
    updateComment: { method: 'PATCH', path: `/api/v2/comments/${comment.id}`, body: {} },
    createActivity: { method: 'POST', path: '/api/v2/activities', body: { group: 'Docs', description: 'Shipped' } },
    collectActivity: {
      method: 'POST',
      path: h.hookPath(),
      body: { email: me.email, source: 'Deploys', description: 'Shipped' },
    },
  };
  const request = requests[operationId];
  if (!request) throw new Error(`no request for ${operationId}: add one to this test`);
  return request;
}

/** `length` code points: an emoji each (two UTF-16 units), after a prefix a field's pattern may ask for. */
function text(field: string, length: number): string {
  const prefix = field === 'url' || field === 'source_url' ? 'https://example.com/' : '';
  return prefix + '😀'.repeat(length - prefix.length);
}

describe('G15 text limits', () => {
  it('holds every Markdown field to 65,536 characters and every short text to 1,000', () => {
    const limits = new Map(G15_FIELDS.map(([op, field, limit]) => [`${op}.${field}`, limit]));
    expect(limits.get('createGoal.description')).toBe(65_536);
    expect(limits.get('createGoal.title')).toBe(1000);
    expect(limits.get('updateCheckIn.blockers')).toBe(65_536);
    expect(limits.get('createEchoQuestion.prompt')).toBe(65_536);
    expect(limits.get('createActivity.group')).toBe(1000);
    expect(limits.get('collectActivity.source')).toBe(1000);
    expect(G15_FIELDS.length).toBe(27);
  });

  it.each(G15_FIELDS)(
    '%s: %s takes %i characters, and one more gets 422 naming it',
    async (operationId, field, limit) => {
      const h = new Harness();
      const { method, path, body } = await requestOf(h, operationId);
      const atLimit = await h.call(method, path, { body: { ...body, [field]: text(field, limit) } });
      expect(atLimit.status, JSON.stringify(atLimit.body).slice(0, 300)).toBeLessThan(300);
      const over = await h.call(method, path, { body: { ...body, [field]: text(field, limit + 1) } });
      expectProblem(over, 422, field, new RegExp(`at most ${limit} characters long \\(G15\\); it has ${limit + 1}\\.`));
    },
  );
});
