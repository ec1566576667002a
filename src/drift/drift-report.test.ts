// Golden pairs: standin's spec against copies changed in each way standin drift reports (an operation,
// parameter, field or status on one side; required, type, format, enum, nullable, length, range; an array
// parameter's style; security; the base path; headers, media types, webhooks; prose), each difference reported
// once with its category, operation, pointers and rules; and the spec against itself, or against itself written
// as OpenAPI 3.0 or as JSON, reports nothing.
import { stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import {
  driftOf,
  production,
  requireWorkspaceHeader,
  specCopy,
  STANDIN,
  type Loose,
} from '../../test/support/drift-pair.js';
import { defaultWorldCensus } from '../cli/drift-census.js';
import { readDescription } from './description-document.js';
import { DescriptionError } from './description-error.js';
import type { DriftChange } from './drift-change.js';
import { compareDescriptions } from './drift-report.js';

type Expected = Omit<DriftChange, 'message'> & { message?: RegExp };

interface Golden {
  name: string;
  change: (spec: Loose) => void;
  expected: Expected[];
}

const GET_GOALS_RULES = ['G4', 'G5', 'G6', 'GO6', 'GO7'];
const TITLE_RULES = ['G15', 'GO1', 'GO2'];

const GOLDEN: Golden[] = [
  {
    name: 'an operation only standin has',
    change: (spec) => delete spec.paths['/digest'],
    expected: [
      {
        category: 'breaking',
        kind: 'operation',
        operation: 'GET /digest',
        production_pointer: null,
        standin_pointer: '/paths/~1digest/get',
        rules: ['G4', 'G12', 'GO7', 'DG1', 'DG2', 'DG3', 'DG4'],
        message: /^`GET \/digest`: standin answers it; production does not describe it$/,
      },
    ],
  },
  {
    name: 'an operation only production has',
    change: (spec) => {
      spec.paths['/goals/{goal_id}/archive'] = { post: { responses: { '200': { description: 'Archived.' } } } };
    },
    expected: [
      {
        category: 'missing',
        kind: 'operation',
        operation: 'POST /goals/{goal_id}/archive',
        production_pointer: '/paths/~1goals~1{goal_id}~1archive/post',
        standin_pointer: null,
        rules: [],
        message: /production offers it; standin does not/,
      },
    ],
  },
  {
    name: 'a method only production has on a path both have',
    change: (spec) => {
      spec.paths['/teams'].post = { responses: { '201': { description: 'Created.' } } };
    },
    expected: [
      {
        category: 'missing',
        kind: 'operation',
        operation: 'POST /teams',
        production_pointer: '/paths/~1teams/post',
        standin_pointer: '/paths/~1teams',
        rules: [],
      },
    ],
  },
  {
    name: 'a parameter only standin takes',
    change: (spec) => {
      spec.paths['/goals'].get.parameters = spec.paths['/goals'].get.parameters.filter(
        (p: Loose) => p.$ref !== '#/components/parameters/goalsSince',
      );
    },
    expected: [
      {
        category: 'breaking',
        kind: 'parameter',
        operation: 'GET /goals',
        production_pointer: '/paths/~1goals/get',
        standin_pointer: '/components/parameters/goalsSince',
        rules: ['G3', 'GO6'],
        message: /standin takes the query parameter `since`; production does not declare it/,
      },
    ],
  },
  {
    name: 'an optional parameter only production takes',
    change: (spec) => {
      spec.paths['/goals'].get.parameters.push({ name: 'archived', in: 'query', schema: { type: 'boolean' } });
    },
    expected: [
      {
        category: 'missing',
        kind: 'parameter',
        operation: 'GET /goals',
        production_pointer: '/paths/~1goals/get/parameters/7',
        standin_pointer: '/paths/~1goals/get',
        rules: GET_GOALS_RULES,
      },
    ],
  },
  {
    name: 'a parameter production requires and standin lacks',
    change: requireWorkspaceHeader,
    expected: [
      {
        category: 'breaking',
        kind: 'parameter',
        operation: 'GET /people',
        production_pointer: '/paths/~1people/get/parameters/3',
        standin_pointer: '/paths/~1people/get',
        rules: ['G4', 'PT2'],
        message: /production requires the header parameter `X-Workspace`/,
      },
    ],
  },
  {
    name: 'a request field only standin accepts',
    change: (spec) => delete spec.components.schemas.GoalInput.properties.archived,
    expected: [
      {
        category: 'breaking',
        kind: 'request-field',
        operation: null,
        production_pointer: '/components/schemas/GoalInput',
        standin_pointer: '/components/schemas/GoalInput/properties/archived',
        rules: ['GO1', 'GO2', 'GO6'],
        message: /^`GoalInput\.archived`: standin accepts it; .* \(in POST \/goals, PATCH \/goals\/\{id\}\)$/,
      },
    ],
  },
  {
    name: 'a request field production requires and standin lacks',
    change: (spec) => {
      const input = spec.components.schemas.GoalUpdateInput;
      input.properties.kind = { type: 'string' };
      input.required = ['kind'];
    },
    expected: [
      {
        category: 'breaking',
        kind: 'request-field',
        operation: null,
        production_pointer: '/components/schemas/GoalUpdateInput/properties/kind',
        standin_pointer: '/components/schemas/GoalUpdateInput',
        rules: ['G7', 'GU3'],
        message: /production requires it; standin does not have it/,
      },
    ],
  },
  {
    name: 'an optional request field only production accepts',
    change: (spec) => {
      spec.components.schemas.GoalUpdateInput.properties.kind = { type: 'string' };
    },
    expected: [
      {
        category: 'missing',
        kind: 'request-field',
        operation: null,
        production_pointer: '/components/schemas/GoalUpdateInput/properties/kind',
        standin_pointer: '/components/schemas/GoalUpdateInput',
        rules: ['G7', 'GU3'],
      },
    ],
  },
  {
    name: 'a response field only standin answers',
    change: (spec) => {
      const goal = spec.components.schemas.Goal;
      delete goal.properties.url;
      goal.required = goal.required.filter((name: string) => name !== 'url');
    },
    expected: [
      {
        category: 'breaking',
        kind: 'response-field',
        operation: null,
        production_pointer: '/components/schemas/Goal',
        standin_pointer: '/components/schemas/Goal/properties/url',
        rules: ['G10'],
        message:
          /^`Goal\.url`: standin answers it; production's answer does not have it \(in GET \/goals, POST \/goals, GET \/goals\/\{id\} and \d+ more\)$/,
      },
    ],
  },
  {
    name: 'a response field only production answers',
    change: (spec) => {
      spec.components.schemas.Goal.properties.score = { type: 'integer' };
    },
    expected: [
      {
        category: 'missing',
        kind: 'response-field',
        operation: null,
        production_pointer: '/components/schemas/Goal/properties/score',
        standin_pointer: '/components/schemas/Goal',
        rules: ['GO3'],
      },
    ],
  },
  {
    name: 'a status only standin answers',
    change: (spec) => delete spec.paths['/goals/{id}'].get.responses['404'],
    expected: [
      {
        category: 'breaking',
        kind: 'status',
        operation: 'GET /goals/{id}',
        production_pointer: '/paths/~1goals~1{id}/get/responses',
        standin_pointer: '/paths/~1goals~1{id}/get/responses/404',
        rules: ['G2', 'GO7', 'CI6'],
        message: /standin answers 404; production does not document it/,
      },
    ],
  },
  {
    name: 'a status only production answers',
    change: (spec) => {
      // 500, 502 and 503 standin declares on every operation (G8); 504 it does not.
      spec.paths['/goals'].get.responses['504'] = { description: 'Gateway timeout.' };
    },
    expected: [
      {
        category: 'missing',
        kind: 'status',
        operation: 'GET /goals',
        production_pointer: '/paths/~1goals/get/responses/504',
        standin_pointer: '/paths/~1goals/get/responses',
        rules: GET_GOALS_RULES,
      },
    ],
  },
  {
    name: "production's 4XX covers standin's 4xx statuses, its default the rest",
    change: (spec) => {
      const responses = spec.paths['/people/{id}'].get.responses;
      delete responses['400'];
      delete responses['404'];
      responses['4XX'] = { $ref: '#/components/responses/BadRequest' };
      responses.default = { $ref: '#/components/responses/BadRequest' };
    },
    expected: [],
  },
  {
    name: 'a request field production requires, standin does not',
    change: (spec) => {
      spec.components.schemas.GoalInput.required = ['title'];
    },
    expected: [
      {
        category: 'breaking',
        kind: 'required',
        operation: null,
        production_pointer: '/components/schemas/GoalInput/properties/title',
        standin_pointer: '/components/schemas/GoalInput/properties/title',
        rules: TITLE_RULES,
        message: /production requires it, standin does not/,
      },
    ],
  },
  {
    name: 'a response field standin always answers and production may leave out',
    change: (spec) => {
      const goal = spec.components.schemas.Goal;
      goal.required = goal.required.filter((name: string) => name !== 'description');
    },
    expected: [
      {
        category: 'breaking',
        kind: 'required',
        operation: null,
        production_pointer: '/components/schemas/Goal/properties/description',
        standin_pointer: '/components/schemas/Goal/properties/description',
        rules: ['GO3'],
        message: /standin always answers it, production may leave it out/,
      },
    ],
  },
  {
    name: 'a type production widens in an answer (breaking) and in a request (compatible)',
    change: (spec) => {
      spec.components.schemas.GoalUpdate.properties.progress.type = 'number';
      spec.components.schemas.GoalUpdateInput.properties.progress.type = 'number';
    },
    expected: [
      {
        category: 'breaking',
        kind: 'type',
        operation: null,
        production_pointer: '/components/schemas/GoalUpdate/properties/progress',
        standin_pointer: '/components/schemas/GoalUpdate/properties/progress',
        rules: ['GU4'],
        message: /^`GoalUpdate\.progress`: standin answers integer, production number/,
      },
      {
        category: 'compatible',
        kind: 'type',
        operation: null,
        production_pointer: '/components/schemas/GoalUpdateInput/properties/progress',
        standin_pointer: '/components/schemas/GoalUpdateInput/properties/progress',
        rules: ['GU4'],
        message: /^`GoalUpdateInput\.progress`: standin accepts integer, production number/,
      },
    ],
  },
  {
    name: 'a format',
    change: (spec) => {
      spec.components.schemas.Goal.properties.start_date.format = 'date-time';
    },
    expected: [
      {
        category: 'breaking',
        kind: 'format',
        operation: null,
        production_pointer: '/components/schemas/Goal/properties/start_date',
        standin_pointer: '/components/schemas/Goal/properties/start_date',
        rules: ['G3'],
        message: /standin's format is `date`, production's `date-time`/,
      },
    ],
  },
  {
    name: 'an enum value only production has, in a schema both requests and answers use',
    change: (spec) => {
      spec.components.schemas.UpdateCadence.enum.push('quarterly');
    },
    expected: [
      {
        category: 'breaking',
        kind: 'enum',
        operation: null,
        production_pointer: '/components/schemas/UpdateCadence',
        standin_pointer: '/components/schemas/UpdateCadence',
        rules: ['GO2'],
        message: /^`UpdateCadence`: production answers `quarterly`, which standin does not/,
      },
    ],
  },
  {
    name: 'a request enum production writes out without a value standin accepts (breaking) or with one more (compatible)',
    change: (spec) => {
      spec.components.schemas.GoalInput.properties.update_cadence = { type: 'string', enum: ['weekly', 'biweekly'] };
      spec.components.schemas.EchoQuestionInput.properties.answer_frequency = {
        type: 'string',
        enum: ['daily', 'weekly', 'biweekly', 'monthly', 'yearly'],
      };
    },
    expected: [
      {
        category: 'breaking',
        kind: 'enum',
        operation: null,
        production_pointer: '/components/schemas/GoalInput/properties/update_cadence',
        standin_pointer: '/components/schemas/UpdateCadence',
        rules: ['GO2'],
        message: /^`UpdateCadence`: standin accepts `monthly`, which production does not declare/,
      },
      {
        category: 'compatible',
        kind: 'enum',
        operation: null,
        production_pointer: '/components/schemas/EchoQuestionInput/properties/answer_frequency',
        standin_pointer: '/components/schemas/AnswerFrequency',
        rules: ['EC1', 'EC2'],
        message: /^`AnswerFrequency`: production accepts `yearly`, which standin does not/,
      },
    ],
  },
  {
    name: 'a nullable answer production never nulls (compatible) and a nullable input it refuses (breaking)',
    change: (spec) => {
      spec.components.schemas.Goal.properties.description.type = 'string';
      spec.components.schemas.GoalInput.properties.description.type = 'string';
    },
    expected: [
      {
        category: 'breaking',
        kind: 'nullable',
        operation: null,
        production_pointer: '/components/schemas/GoalInput/properties/description',
        standin_pointer: '/components/schemas/GoalInput/properties/description',
        rules: ['G15', 'GO2'],
        message: /standin accepts null, production does not/,
      },
      {
        category: 'compatible',
        kind: 'nullable',
        operation: null,
        production_pointer: '/components/schemas/Goal/properties/description',
        standin_pointer: '/components/schemas/Goal/properties/description',
        rules: ['GO3'],
        message: /standin answers null, production does not/,
      },
    ],
  },
  {
    name: 'a shorter length production allows for an input',
    change: (spec) => {
      spec.components.schemas.GoalInput.properties.title.maxLength = 200;
    },
    expected: [
      {
        category: 'breaking',
        kind: 'length',
        operation: null,
        production_pointer: '/components/schemas/GoalInput/properties/title',
        standin_pointer: '/components/schemas/GoalInput/properties/title',
        rules: TITLE_RULES,
        message: /standin's maxLength is 1000, production's 200/,
      },
    ],
  },
  {
    name: 'a widened input: a longer length, a larger maximum',
    change: (spec) => {
      spec.components.schemas.GoalInput.properties.title.maxLength = 5000;
      spec.components.schemas.GoalUpdateInput.properties.progress.maximum = 1000;
    },
    expected: [
      {
        category: 'compatible',
        kind: 'length',
        operation: null,
        production_pointer: '/components/schemas/GoalInput/properties/title',
        standin_pointer: '/components/schemas/GoalInput/properties/title',
        rules: TITLE_RULES,
      },
      {
        category: 'compatible',
        kind: 'range',
        operation: null,
        production_pointer: '/components/schemas/GoalUpdateInput/properties/progress',
        standin_pointer: '/components/schemas/GoalUpdateInput/properties/progress',
        rules: ['GU4'],
        message: /standin accepts at most 100, production at most 1000/,
      },
    ],
  },
  {
    name: "an array parameter's style",
    change: (spec) => {
      const people = spec.components.parameters.peopleIds;
      people.name = 'people_ids';
      people.explode = false;
    },
    expected: [
      {
        category: 'breaking',
        kind: 'style',
        operation: null,
        production_pointer: '/components/parameters/peopleIds',
        standin_pointer: '/components/parameters/peopleIds',
        rules: ['G5', 'G6', 'GO6', 'CI5', 'AC1'],
        message:
          /standin takes query parameter `people_ids\[\]` as `people_ids\[\]=a&people_ids\[\]=b`, production as `people_ids=a,b`/,
      },
    ],
  },
  {
    name: 'security',
    change: (spec) => {
      spec.components.securitySchemes.bearerAuth = { type: 'apiKey', in: 'header', name: 'X-Api-Key' };
    },
    expected: [
      {
        category: 'breaking',
        kind: 'security',
        operation: null,
        production_pointer: '/security',
        standin_pointer: '/security',
        rules: ['G8', 'G9'],
        message:
          /^standin takes HTTP bearer, production an API key in header x-api-key \(in GET \/me, GET \/people, GET \/people\/\{id\} and \d+ more\)$/,
      },
    ],
  },
  {
    name: 'the base path',
    change: (spec) => {
      spec.servers = [{ url: 'https://api.example.com/api/v3' }];
    },
    expected: [
      {
        category: 'breaking',
        kind: 'base-path',
        operation: null,
        production_pointer: '/servers/0',
        standin_pointer: '/servers/0',
        rules: ['G1'],
        message: /standin serves the API under `\/api\/v2`, production under `\/api\/v3`/,
      },
    ],
  },
  {
    name: 'the same base path written into every path instead of the server',
    change: (spec) => {
      spec.servers = [{ url: 'https://api.example.com' }];
      const paths: Loose = {};
      for (const [path, item] of Object.entries(spec.paths))
        paths[path.startsWith('/hooks/') ? path : `/api/v2${path}`] = item;
      spec.paths = paths;
    },
    expected: [],
  },
  {
    name: 'a description and an example (compatible)',
    change: (spec) => {
      spec.components.schemas.Goal.properties.description.description = 'The Markdown body.';
      spec.components.parameters.goalsSince.schema.example = '2027-01-01';
    },
    expected: [
      {
        category: 'compatible',
        kind: 'example',
        operation: 'GET /goals',
        production_pointer: '/components/parameters/goalsSince/schema',
        standin_pointer: '/components/parameters/goalsSince/schema',
        rules: ['GO6'],
        message: /^`parameter since`: the examples differ$/,
      },
      {
        category: 'compatible',
        kind: 'description',
        operation: null,
        production_pointer: '/components/schemas/Goal/properties/description',
        standin_pointer: '/components/schemas/Goal/properties/description',
        rules: ['GO3'],
      },
    ],
  },
  {
    name: 'an answer header only standin sends',
    change: (spec) => delete spec.paths['/people'].get.responses['200'].headers,
    expected: [
      {
        category: 'breaking',
        kind: 'header',
        operation: 'GET /people',
        production_pointer: '/paths/~1people/get/responses/200',
        standin_pointer: '/paths/~1people/get/responses/200/headers/ETag',
        rules: ['G12'],
        message: /^standin's 200 answer carries `ETag`; production's 200 answer does not$/,
      },
    ],
  },
  {
    name: 'a media type',
    change: (spec) => {
      const ok = spec.paths['/me'].get.responses['200'];
      ok.content = { 'application/hal+json': ok.content['application/json'] };
    },
    expected: [
      {
        category: 'breaking',
        kind: 'media-type',
        operation: 'GET /me',
        production_pointer: '/paths/~1me/get/responses/200/content/application~1hal+json',
        standin_pointer: '/paths/~1me/get/responses/200/content/application~1json',
        rules: ['PT1'],
        message: /the 200 answer is `application\/json` in standin, `application\/hal\+json` in production/,
      },
    ],
  },
  {
    name: 'a webhook only standin sends',
    change: (spec) => delete spec.webhooks['comment.created'],
    expected: [
      {
        category: 'breaking',
        kind: 'webhook',
        operation: null,
        production_pointer: '/webhooks',
        standin_pointer: '/webhooks/comment.created/post',
        rules: ['GO7', 'CR1', 'WH2', 'WH3'],
        message: /^standin sends it; production does not describe it \(in webhook comment\.created\)$/,
      },
    ],
  },
  {
    name: 'an operation production deprecates',
    change: (spec) => {
      spec.paths['/teams'].get.deprecated = true;
    },
    expected: [
      {
        category: 'compatible',
        kind: 'deprecated',
        operation: 'GET /teams',
        production_pointer: '/paths/~1teams/get',
        standin_pointer: '/paths/~1teams/get',
        rules: ['G4', 'PT2'],
      },
    ],
  },
  {
    name: 'the same: oneOf variants renamed and reordered (paired by the constants they hold)',
    change: (spec) => {
      const schemas = spec.components.schemas;
      for (const name of ['Comment', 'CheckIn', 'GoalUpdate', 'EchoAnswer']) schemas[`${name}Resource`] = schemas[name];
      schemas.DigestEntry.properties.resource.oneOf = ['GoalUpdate', 'EchoAnswer', 'Comment', 'CheckIn'].map(
        (name) => ({ $ref: `#/components/schemas/${name}Resource` }),
      );
    },
    expected: [],
  },
  {
    name: 'the same: an anyOf of a uuid and a date written the other way round',
    change: (spec) => spec.components.parameters.checkInIdOrDate.schema.anyOf.reverse(),
    expected: [],
  },
  {
    name: 'the same: a field two allOf members declare, one of them only describing it',
    change: (spec) => {
      const goal = spec.components.schemas.Goal;
      spec.components.schemas.GoalBase = goal;
      spec.components.schemas.Goal = {
        allOf: [
          { $ref: '#/components/schemas/GoalBase' },
          { properties: { title: { description: 'What the goal is called.' } } },
        ],
      };
    },
    expected: [],
  },
  {
    name: 'the same: a description left out of every operation',
    change: (spec) => {
      for (const item of Object.values(spec.paths as Loose))
        for (const operation of Object.values(item as Loose)) delete (operation as Loose).description;
    },
    expected: [],
  },
  {
    name: 'the same: webhooks named otherwise (paired by the type their payloads hold)',
    change: (spec) => {
      spec.webhooks = Object.fromEntries(
        Object.entries(spec.webhooks as Loose).map(([name, hook]) => [`On${name.replace(/[.-]/g, '')}`, hook]),
      );
    },
    expected: [],
  },
  {
    name: 'the same: a production with no webhooks at all (3.0 has no place for them) says nothing of them',
    change: (spec) => delete spec.webhooks,
    expected: [],
  },
  {
    name: "a success answered under another status; production's default (its errors) is no success",
    change: (spec) => {
      const responses = spec.paths['/goals'].post.responses;
      responses['200'] = responses['201'];
      delete responses['201'];
      responses.default = { $ref: '#/components/responses/UnprocessableEntity' };
    },
    expected: [
      {
        category: 'breaking',
        kind: 'status',
        operation: 'POST /goals',
        production_pointer: '/paths/~1goals/post/responses/200',
        standin_pointer: '/paths/~1goals/post/responses/201',
        rules: ['GO1', 'GO3'],
        message: /^standin answers 201 where production answers 200$/,
      },
    ],
  },
  {
    name: 'another base path written into every path: one base-path change',
    change: (spec) => {
      spec.servers = [{ url: 'https://api.example.com' }];
      const paths: Loose = {};
      for (const [path, item] of Object.entries(spec.paths as Loose))
        paths[path.startsWith('/hooks/') ? path : `/api/v3${path}`] = item;
      spec.paths = paths;
    },
    expected: [
      {
        category: 'breaking',
        kind: 'base-path',
        operation: null,
        production_pointer: '/servers/0',
        standin_pointer: '/servers/0',
        rules: ['G1'],
        message: /^standin serves the API under `\/api\/v2`, production under `\/api\/v3`$/,
      },
    ],
  },
  {
    name: "a header production's 4XX answer carries: one change, not one per status of standin's it covers",
    change: (spec) => {
      const responses = spec.paths['/people/{id}'].get.responses;
      delete responses['400'];
      delete responses['404'];
      const problem = structuredClone(spec.components.responses.BadRequest);
      problem.headers = { 'X-Request-Id': { schema: { type: 'string' } } };
      responses['4XX'] = problem;
    },
    expected: [
      {
        category: 'missing',
        kind: 'header',
        operation: 'GET /people/{id}',
        production_pointer: '/paths/~1people~1{id}/get/responses/4XX/headers/X-Request-Id',
        standin_pointer: '/components/responses/BadRequest',
        rules: ['G5', 'G8'],
        message: /^production's 4XX answer carries `X-Request-Id`; standin's 400 answer does not$/,
      },
    ],
  },
];

/** The changes with their messages checked against the pattern expected, where one is. */
function matching(changes: readonly DriftChange[], expected: readonly Expected[]) {
  return changes.map((change, i) => {
    const pattern = expected[i]?.message;
    const { message, ...rest } = change;
    return pattern && pattern.test(message)
      ? { ...rest, message: pattern }
      : { ...rest, ...(pattern ? { message } : {}) };
  });
}

describe('standin drift: golden pairs', () => {
  it('standin against itself reports nothing', () => {
    expect(compareDescriptions({ standin: STANDIN, production: STANDIN })).toEqual({
      summary: { breaking: 0, missing: 0, compatible: 0 },
      changes: [],
    });
  });

  it('standin against itself as JSON reports nothing', () => {
    const json = readDescription(JSON.stringify(specCopy()), 'production.json');
    expect(compareDescriptions({ standin: STANDIN, production: json }).changes).toEqual([]);
  });

  it('standin against itself written as OpenAPI 3.0 reports nothing', () => {
    const spec = as30(specCopy());
    const text = stringify(spec);
    expect(text).toContain('nullable: true');
    expect(text).not.toContain("- 'null'");
    expect(compareDescriptions({ standin: STANDIN, production: readDescription(text, 'production') }).changes).toEqual(
      [],
    );
  });

  it.each(GOLDEN)('$name', ({ change, expected }) => {
    const report = driftOf(change);
    expect(matching(report.changes, expected)).toEqual(expected);
    expect(report.summary).toEqual({
      breaking: expected.filter((e) => e.category === 'breaking').length,
      missing: expected.filter((e) => e.category === 'missing').length,
      compatible: expected.filter((e) => e.category === 'compatible').length,
    });
  });

  // Production's documentation lists `bio` on /me and /people as plain text (runsteady.com/docs/api/teams-people/);
  // production answers HTML, which standin's spec says. It lists `account` on both too, an object, and shows it as
  // `{"id": "4c4f5632-…", "name": "Quantronica"}`, its id an id as every other (G2's Id, as this derived
  // description keeps for all ids). A client built on standin meets the fields either way: only the prose differs.
  it("production's Person as its documentation shows it (bio, a text or null; account, an id and a name) differs from standin's in prose only", () => {
    const report = driftOf((spec) => {
      const person = spec.components.schemas.Person;
      person.properties.bio = {
        type: ['string', 'null'],
        description: 'Profile bio as plain text.',
      };
      person.properties.account = {
        type: 'object',
        description: 'The account the person belongs to.',
        required: ['id', 'name'],
        properties: { id: { $ref: '#/components/schemas/Id' }, name: { type: 'string' } },
        additionalProperties: false,
      };
      if (!person.required.includes('account')) person.required.push('account');
    });
    expect(report.changes.map((c) => [c.category, c.kind, c.standin_pointer])).toEqual([
      ['compatible', 'description', '/components/schemas/Person/properties/account'],
      ['compatible', 'description', '/components/schemas/Person/properties/bio'],
    ]);
  });

  it("an enum value only standin has says whether standin's world emits it", () => {
    const emitted = defaultWorldCensus(STANDIN);
    // The default world's echoes ask daily, weekly, biweekly and monthly (fixtures/echo-questions.ts).
    expect(emitted('/components/schemas/AnswerFrequency')).toEqual(['biweekly', 'daily', 'monthly', 'weekly']);
    const report = driftOf((spec) => {
      spec.components.schemas.AnswerFrequency.enum = ['daily', 'weekly', 'monthly'];
    }, emitted);
    expect(report.changes).toEqual([
      {
        category: 'breaking',
        kind: 'enum',
        operation: null,
        production_pointer: '/components/schemas/AnswerFrequency',
        standin_pointer: '/components/schemas/AnswerFrequency',
        rules: ['EC1', 'EC2'],
        message:
          "`AnswerFrequency`: standin answers `biweekly`, which production does not declare (standin's world emits it) (in GET /echo/questions, POST /echo/questions, GET /echo/questions/{id} and 1 more)",
      },
    ]);
  });

  it('values standin declares and its world never emits are told apart from values it emits', () => {
    const report = driftOf((spec) => {
      spec.components.schemas.Weekday.enum = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];
    }, defaultWorldCensus(STANDIN));
    expect(
      report.changes.map((c) => [c.category, c.kind, c.standin_pointer, c.message.replace(/ \(in .*\)$/, '')]),
    ).toEqual([
      [
        'breaking',
        'enum',
        '/components/schemas/Weekday',
        "`Weekday`: standin answers `sunday`, `saturday`, which production does not declare (standin's world emits none of them: only a client's write makes them)",
      ],
    ]);
  });

  it('a server URL with a malformed escape is read as written', () => {
    const report = driftOf((spec) => {
      spec.servers = [{ url: 'https://api.example.com/api/v2/%zz' }];
    });
    expect(report.changes.map((c) => [c.kind, c.message])).toEqual([
      ['base-path', 'standin serves the API under `/api/v2`, production under `/api/v2/%zz`'],
    ]);
  });

  it('schemas composed deeper than any description are refused in one line, not a stack overflow', () => {
    const spec = production((copy) => {
      for (let i = 0; i < 3000; i++)
        copy.components.schemas[`Link${i}`] = { allOf: [{ $ref: `#/components/schemas/Link${i + 1}` }] };
      copy.components.schemas.Link3000 = { type: 'string' };
      copy.components.schemas.Goal.properties.title = { $ref: '#/components/schemas/Link0' };
    });
    expect(() => compareDescriptions({ standin: STANDIN, production: spec })).toThrow(
      new DescriptionError(
        'production composes schemas deeper than 256 levels at /components/schemas/Link257: no description does',
      ),
    );
  });

  it('a change met through many operations is one change, in none of them; the same change twice is two places', () => {
    const report = driftOf((spec) => {
      spec.components.schemas.PersonRef.properties.name.maxLength = 10;
    });
    expect(report.changes.map((c) => [c.kind, c.operation, c.standin_pointer])).toEqual([
      ['length', null, '/components/schemas/PersonRef/properties/name'],
    ]);
  });

  it('a production that inlines what standin shares reports each place it inlined', () => {
    const spec = production((copy) => {
      const item = structuredClone(copy.components.schemas.Team);
      item.properties.name.maxLength = 10;
      copy.paths['/teams'].get.responses['200'].content['application/json'].schema = { type: 'array', items: item };
    });
    const report = compareDescriptions({ standin: STANDIN, production: spec });
    // An answer's name production holds to 10 characters: less than standin answers, nothing a client fails on.
    expect(report.changes.map((c) => [c.category, c.kind, c.operation, c.production_pointer])).toEqual([
      [
        'compatible',
        'length',
        'GET /teams',
        '/paths/~1teams/get/responses/200/content/application~1json/schema/items/properties/name',
      ],
    ]);
  });
});

/** standin's spec written as OpenAPI 3.0 says it: `nullable`, `enum` for `const`, a nullable `$ref` through `allOf`. */
function as30(spec: Loose): Loose {
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (typeof node !== 'object' || node === null) return node;
    const out: Loose = {};
    for (const [key, value] of Object.entries(node)) out[key] = visit(value);
    if (Array.isArray(out.type)) {
      const types = out.type.filter((t: string) => t !== 'null');
      if (types.length < out.type.length) out.nullable = true;
      if (types.length === 1) out.type = types[0];
      else if (types.length === 0) {
        delete out.type;
        out.enum = [null];
      }
    } else if (out.type === 'null') {
      delete out.type;
      out.nullable = true;
      out.enum = [null];
    }
    if ('const' in out) {
      out.enum = [out.const];
      delete out.const;
    }
    for (const keyword of ['oneOf', 'anyOf'] as const) {
      const members = out[keyword];
      if (!Array.isArray(members)) continue;
      const kept = members.filter((m: Loose) => !(m.nullable === true && Array.isArray(m.enum) && m.enum[0] === null));
      if (kept.length === 1 && kept.length < members.length) {
        delete out[keyword];
        out.allOf = kept;
        out.nullable = true;
      }
    }
    return out;
  };
  const converted = visit(spec) as Loose;
  converted.openapi = '3.0.3';
  return converted;
}
