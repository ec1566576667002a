// standin drift beside an independent differ, Redocly CLI's `diff` (one process): one production description
// holding many golden changes at once, each at a place of its own; for every change of drift's that Redocly
// also reports, the two agree on "breaking or not", except the changes EXCEPTIONS lists, each with its reason.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDescription, type DescriptionDocument } from '../src/drift/description-document.js';
import type { Category, ChangeKind, DriftChange } from '../src/drift/drift-change.js';
import { compareDescriptions } from '../src/drift/drift-report.js';
import { childPointer, isObject, parentPointer, valueAt } from '../src/drift/json-pointer.js';
import { defined } from './support/defined.js';
import { requireWorkspaceHeader, setField, SPEC_TEXT, specCopy, STANDIN, type Loose } from './support/drift-pair.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * The golden changes (src/drift/drift-report.test.ts), each moved where no other one is (its own operation,
 * schema or field), so that every difference either tool finds has one cause; and two of answers beyond them (a
 * field made required, an answer-only enum narrowed), where the two tools' directions show. No base-path change: Redocly pairs paths as written, and would see every path go.
 */
const CHANGES: ReadonlyArray<{ name: string; change: (spec: Loose) => void }> = [
  { name: 'an operation removed', change: (spec) => delete spec.paths['/digest'] },
  {
    name: 'an operation added',
    change: (spec) => {
      spec.paths['/goals/{goal_id}/archive'] = { post: { responses: { '200': { description: 'Archived.' } } } };
    },
  },
  {
    name: 'a parameter removed',
    change: (spec) => {
      spec.paths['/goals'].get.parameters = spec.paths['/goals'].get.parameters.filter(
        (p: Loose) => p.$ref !== '#/components/parameters/goalsSince',
      );
    },
  },
  {
    name: 'an optional parameter added',
    change: (spec) => {
      spec.paths['/action-items'].get.parameters.push({ name: 'archived', in: 'query', schema: { type: 'boolean' } });
    },
  },
  {
    name: 'a required parameter added',
    change: requireWorkspaceHeader,
  },
  { name: 'a request field removed', change: (spec) => delete spec.components.schemas.GoalInput.properties.archived },
  {
    name: 'a required request field added',
    change: (spec) => {
      const input = spec.components.schemas.GoalUpdateInput;
      input.properties.kind = { type: 'string' };
      input.required = ['kind'];
    },
  },
  {
    name: 'an optional request field added',
    change: (spec) => {
      spec.components.schemas.CommentInput.properties.mood = { type: 'string' };
    },
  },
  {
    name: 'a response field removed',
    change: (spec) => {
      const goal = spec.components.schemas.Goal;
      delete goal.properties.url;
      goal.required = goal.required.filter((name: string) => name !== 'url');
    },
  },
  {
    name: 'a response field added',
    change: (spec) => {
      spec.components.schemas.Team.properties.score = { type: 'integer' };
    },
  },
  { name: 'a status removed', change: (spec) => delete spec.paths['/goals/{id}'].get.responses['404'] },
  {
    name: 'a status added',
    change: (spec) => {
      spec.paths['/teams/{id}'].get.responses['504'] = { description: 'Gateway timeout.' };
    },
  },
  {
    name: 'a request field made required',
    change: (spec) => {
      spec.components.schemas.GoalInput.required = ['title'];
    },
  },
  {
    name: 'a response field made optional',
    change: (spec) => {
      const goal = spec.components.schemas.Goal;
      goal.required = goal.required.filter((name: string) => name !== 'description');
    },
  },
  {
    name: 'a response field made required',
    change: (spec) => {
      spec.components.schemas.Problem.required.push('errors');
    },
  },
  { name: 'a type widened in an answer', change: setField('GoalUpdate', 'progress', { type: 'number' }) },
  { name: 'a type widened in a request', change: setField('GoalUpdateInput', 'progress', { type: 'number' }) },
  { name: 'a format changed', change: setField('Goal', 'start_date', { format: 'date-time' }) },
  {
    name: 'an enum value added, in a schema requests and answers use',
    change: (spec) => {
      spec.components.schemas.UpdateCadence.enum.push('quarterly');
    },
  },
  {
    name: 'an enum value removed, in a schema requests and answers use',
    change: (spec) => {
      spec.components.schemas.AnswerFrequency.enum = ['daily', 'weekly', 'monthly'];
    },
  },
  { name: 'an enum value removed, in an answer only', change: setField('Goal', 'confidence', { enum: [30, 60, 90] }) },
  { name: 'nullable removed in an answer', change: setField('Goal', 'end_date', { type: 'string' }) },
  { name: 'nullable removed in a request', change: setField('GoalInput', 'description', { type: 'string' }) },
  { name: 'a maxLength shortened in a request', change: setField('GoalUpdateInput', 'title', { maxLength: 200 }) },
  { name: 'a maxLength lengthened in a request', change: setField('GoalUpdateInput', 'body', { maxLength: 100_000 }) },
  { name: 'a maximum raised in a request', change: setField('GoalUpdateInput', 'confidence', { maximum: 1000 }) },
  {
    name: "an array parameter's style",
    change: (spec) => {
      const people = spec.components.parameters.peopleIds;
      people.name = 'people_ids';
      people.explode = false;
    },
  },
  {
    name: 'the security scheme',
    change: (spec) => {
      spec.components.securitySchemes.bearerAuth = { type: 'apiKey', in: 'header', name: 'X-Api-Key' };
    },
  },
  { name: 'an answer header removed', change: (spec) => delete spec.paths['/check-ins'].get.responses['200'].headers },
  {
    name: 'a media type',
    change: (spec) => {
      const ok = spec.paths['/me'].get.responses['200'];
      ok.content = { 'application/hal+json': ok.content['application/json'] };
    },
  },
  { name: 'a webhook removed', change: (spec) => delete spec.webhooks['comment.created'] },
  {
    name: 'an operation deprecated',
    change: (spec) => {
      spec.paths['/teams'].get.deprecated = true;
    },
  },
  {
    name: 'a description',
    change: setField('Goal', 'private', { description: 'Seen by its owner and contributors only.' }),
  },
  {
    name: 'an example',
    change: (spec) => {
      spec.components.parameters.checkInsSince.schema.example = '2027-01-01';
    },
  },
];

type Impact = 'major' | 'minor' | 'patch';

/** One change of `redocly diff --format json`: where it is written in each description, and its semver bump. */
interface RedoclyChange {
  /** Where Redocly met it first in its resolved walk (an operation's path for a shared schema). */
  readonly path: string;
  readonly kind: 'added' | 'removed' | 'modified';
  readonly impact: Impact;
  /** The keyword a `modified` change is about (`enum`, `required`, `type`, `key` for a media type's name…). */
  readonly property?: string;
  readonly base?: { readonly pointer: string; readonly value?: unknown };
  readonly revision?: { readonly pointer: string; readonly value?: unknown };
}

interface RedoclyReport {
  readonly changes: readonly RedoclyChange[];
}

interface Exception {
  readonly kind: ChangeKind;
  readonly standin_pointer: string;
  readonly drift: Category;
  readonly redocly: Impact;
  readonly reason: string;
}

/** Where drift and Redocly disagree on "breaking or not": each a difference of point of view, not an error. */
const EXCEPTIONS: readonly Exception[] = [
  {
    kind: 'enum',
    standin_pointer: '/components/schemas/Goal/properties/confidence',
    drift: 'breaking',
    redocly: 'patch',
    reason:
      'drift counts an enum value standin answers and production never declares as breaking, as it does a field or a status standin answers (a client built against standin was shown `100`); Redocly rates an answer whose enum only narrows as safe, since a client only receives less.',
  },
  {
    kind: 'request-field',
    standin_pointer: '/components/schemas/GoalInput/properties/archived',
    drift: 'breaking',
    redocly: 'patch',
    reason:
      'A client built against standin sends `archived` and expects it kept, which production (not declaring it) drops or refuses; Redocly rates removing an optional request property as harmless, since GoalInput admits any property and every request stays valid.',
  },
];

const IMPACTS: readonly Impact[] = ['major', 'minor', 'patch'];

const production = specCopy();
for (const { change } of CHANGES) change(production);
const PRODUCTION_TEXT = stringify(production);
const PRODUCTION: DescriptionDocument = readDescription(PRODUCTION_TEXT, 'production');
const DRIFT = compareDescriptions({ standin: STANDIN, production: PRODUCTION }).changes;

/** `outer` itself or a place under it. */
function within(inner: string, outer: string): boolean {
  return inner === outer || inner.startsWith(`${outer}/`);
}

/** What a `$ref` at `pointer` leads to, followed to its end; the pointer itself when it holds none. */
function followed(document: DescriptionDocument, pointer: string): string {
  let at = pointer;
  for (let hops = 0; hops < 16; hops++) {
    const node = valueAt(document.root, at);
    if (!isObject(node) || typeof node.$ref !== 'string' || !node.$ref.startsWith('#')) return at;
    at = decodeURIComponent(node.$ref.slice(1));
  }
  return at;
}

/**
 * The places a drift pointer stands for: itself, what a `$ref` there leads to, and, for a security requirement,
 * the schemes it names (a requirement refers to a scheme by name as a `$ref` does by pointer, and a scheme's
 * change changes what every requirement naming it asks of a client).
 */
function driftPlaces(document: DescriptionDocument, pointer: string | null): string[] {
  if (pointer === null) return [];
  const places = [pointer, followed(document, pointer)];
  const requirement = valueAt(document.root, pointer);
  if (pointer.endsWith('/security') && Array.isArray(requirement))
    for (const alternative of requirement)
      if (isObject(alternative))
        for (const scheme of Object.keys(alternative)) places.push(childPointer('/components/securitySchemes', scheme));
  return places;
}

/**
 * The places a Redocly change concerns in one description, in drift's terms. Redocly points at the keyword it
 * compared (`…/start_date/format`) and drift at the schema node holding it (`…/start_date`): the keyword's
 * node is taken. A `required` list concerns each property whose requiredness changed, as drift reports it at the
 * property. A `$ref` (an operation's `parameters/0`) stands for what it leads to, where drift points.
 */
function redoclyPlaces(document: DescriptionDocument, change: RedoclyChange, side: 'base' | 'revision'): string[] {
  const at = change[side];
  if (!at) return [];
  const pointer = at.pointer.replace(/^#/, '');
  const { property } = change;
  if (property === undefined) return [pointer, followed(document, pointer)];
  const node = pointer.endsWith(`/${property}`) ? defined(parentPointer(pointer), `the node of ${pointer}`) : pointer;
  if (property !== 'required') return [node, followed(document, node)];
  const list = (value: unknown) => (Array.isArray(value) ? value.filter((v) => typeof v === 'string') : []);
  const before = list(change.base?.value);
  const after = list(change.revision?.value);
  const changed = [...before.filter((n) => !after.includes(n)), ...after.filter((n) => !before.includes(n))];
  return changed.map((name) => childPointer(childPointer(node, 'properties'), name));
}

/**
 * Whether a Redocly change concerns the same place as a drift change. Where a side lacks the thing, drift names
 * the nearest place that holds it there (`/components/schemas/Team` for a `score` only production has), a place
 * that holds much else. So what Redocly removed is held against drift's standin place only, what it added against
 * drift's production place only, and only when Redocly's place holds drift's (a path removed holds its
 * operation, a response's `headers` its ETag): a field removed from Team is then no match for `score`, added to
 * it. What Redocly saw on both sides must lie within drift's place or hold it on each side: the container Team
 * matches a change to Team's `name` in standin, but `score` does not in production. Redocly's `path` (the first
 * operation where it met a shared schema) is in neither description, so it is not read.
 */
function concerns(drift: DriftChange, redocly: RedoclyChange): boolean {
  const standin = driftPlaces(STANDIN, drift.standin_pointer);
  const production = driftPlaces(PRODUCTION, drift.production_pointer);
  const base = redoclyPlaces(STANDIN, redocly, 'base');
  const revision = redoclyPlaces(PRODUCTION, redocly, 'revision');
  const holds = (theirs: string[], ours: string[]) => theirs.some((t) => ours.some((o) => within(o, t)));
  const related = (theirs: string[], ours: string[]) =>
    theirs.some((t) => ours.some((o) => within(o, t) || within(t, o)));
  if (redocly.kind === 'removed') return holds(base, standin);
  if (redocly.kind === 'added') return holds(revision, production);
  return related(base, standin) && related(revision, production);
}

const verdictOf = (impacts: readonly Impact[]): Impact =>
  defined(
    IMPACTS.find((i) => impacts.includes(i)),
    'an impact',
  );

const identity = (change: DriftChange) => ({ kind: change.kind, standin_pointer: change.standin_pointer });

describe('standin drift against Redocly CLI diff on one production holding many golden changes', () => {
  let dir: string;
  let redocly: RedoclyReport;
  /** Each drift change with the Redocly changes that concern its place (none: Redocly does not report it). */
  let paired: Array<{ drift: DriftChange; redocly: RedoclyChange[] }>;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'standin-drift-redocly-'));
    writeFileSync(join(dir, 'standin.yaml'), SPEC_TEXT);
    writeFileSync(join(dir, 'production.yaml'), PRODUCTION_TEXT);
    // The project's redocly.yaml extends only the lint rules: with no diff rules on, `diff` rates every change
    // minor or patch ("No diff rules are on"). diff-recommended is Redocly's own rating of what breaks a client.
    writeFileSync(join(dir, 'redocly.yaml'), 'extends:\n  - diff-recommended\n');
    const run = spawnSync(
      process.execPath,
      [
        join(ROOT, 'node_modules/@redocly/cli/bin/cli.js'),
        'diff',
        join(dir, 'standin.yaml'),
        join(dir, 'production.yaml'),
        '--format',
        'json',
        '--config',
        join(dir, 'redocly.yaml'),
      ],
      { cwd: ROOT, encoding: 'utf8', timeout: 120_000 },
    );
    expect(run.error).toBeUndefined();
    // `--fail-on major` is the default: exit 1 says Redocly found the major changes the table makes.
    expect(run.status, run.stderr).toBe(1);
    redocly = JSON.parse(run.stdout) as RedoclyReport;
    paired = DRIFT.map((change) => ({ drift: change, redocly: redocly.changes.filter((r) => concerns(change, r)) }));
  });

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('drift finds each change of the table once: none hides or doubles another', () => {
    expect(DRIFT.length).toBe(CHANGES.length);
  });

  // Redocly reports every drift change of this table at its place: none goes unreported (drift changes Redocly
  // does not report at all: none). Some it reports as several changes (the scheme's `type`, `scheme`, `in`,
  // `name` and `description`; a removed field's property and its `required`; a required field added, and its
  // `required`), rated here by the worst of them.
  it('Redocly reports a change at the place of every drift change', () => {
    expect(paired.filter((p) => p.redocly.length === 0).map((p) => identity(p.drift))).toEqual([]);
    expect(paired.filter((p) => p.redocly.length > 0).length).toBe(34);
  });

  it("each Redocly change concerns one of drift's: the matching leaves none out and mixes none up", () => {
    // The exception is Goal's `required` list, which loses two names at once: drift's `description` made
    // optional and `url` removed each concern it.
    const counts = redocly.changes.map((r) => ({
      kind: r.kind,
      property: r.property,
      pointer: r.revision?.pointer ?? r.base?.pointer,
      drift: DRIFT.filter((d) => concerns(d, r)).length,
    }));
    expect(counts.filter((c) => c.drift !== 1)).toEqual([
      { kind: 'modified', property: 'required', pointer: '#/components/schemas/Goal/required', drift: 2 },
    ]);
  });

  it('agrees on "breaking or not" for every change Redocly understands, but the listed exceptions', () => {
    const disagreements = paired
      .filter((p) => p.redocly.length > 0)
      .map((p) => ({
        ...identity(p.drift),
        drift: p.drift.category,
        redocly: verdictOf(p.redocly.map((r) => r.impact)),
      }))
      .filter((p) => (p.drift === 'breaking') !== (p.redocly === 'major'));
    expect(disagreements).toEqual(EXCEPTIONS.map(({ reason: _reason, ...exception }) => exception));
  });

  it.each(EXCEPTIONS)('exception $kind at $standin_pointer still occurs and still disagrees', (exception) => {
    const found = paired.filter(
      (p) => p.drift.kind === exception.kind && p.drift.standin_pointer === exception.standin_pointer,
    );
    expect(found.length).toBe(1);
    const { drift, redocly: theirs } = defined(found[0], 'the exception among drift changes');
    expect(drift.category).toBe(exception.drift);
    expect(verdictOf(theirs.map((r) => r.impact))).toBe(exception.redocly);
    expect(exception.drift === 'breaking').not.toBe(exception.redocly === 'major');
  });
});
