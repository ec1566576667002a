// standin drift's reports, word for word: text for a terminal, Markdown for a pull request, JUnit for CI (its
// failures following --fail-on), and the counts of each category.
import { describe, expect, it } from 'vitest';
import { summaryOf, type DriftChange, type DriftReport } from './drift-change.js';
import { failsRun, type FailOn } from './fail-on.js';
import { junitReport } from './report-junit.js';
import { markdownReport } from './report-markdown.js';
import { textReport } from './report-text.js';

const CHANGES: DriftChange[] = [
  {
    category: 'breaking',
    kind: 'status',
    operation: 'GET /goals/{id}',
    production_pointer: '/paths/~1goals~1{id}/get/responses',
    standin_pointer: '/paths/~1goals~1{id}/get/responses/404',
    message: '`GET /goals/{id}`: standin answers 404; production does not document it',
    rules: ['G2', 'GO7'],
  },
  {
    category: 'missing',
    kind: 'response-field',
    operation: null,
    production_pointer: '/components/schemas/Goal/properties/score',
    standin_pointer: '/components/schemas/Goal',
    message: '`Goal.score`: production answers it; standin does not (in GET /goals, GET /goals/{id})',
    rules: ['GO3'],
  },
  {
    category: 'compatible',
    kind: 'description',
    operation: null,
    production_pointer: '/components/schemas/Goal/properties/title',
    standin_pointer: '/components/schemas/Goal/properties/title',
    message: '`Goal.title`: the descriptions differ <b>|</b>',
    rules: [],
  },
];
const REPORT: DriftReport = { summary: summaryOf(CHANGES), changes: CHANGES };
const LABELS = { production: 'openapi.json (Goals API 2.1.0)', standin: "standin's spec/openapi.yaml (2.0.0)" };
const EMPTY: DriftReport = { summary: summaryOf([]), changes: [] };

describe("standin drift's reports", () => {
  it('counts each category', () => {
    expect(REPORT.summary).toEqual({ breaking: 1, missing: 1, compatible: 1 });
  });

  it('text: the counts, then each change under its category with place, kind, rules, message and pointers', () => {
    expect(textReport(REPORT, LABELS)).toBe(
      [
        "standin drift: openapi.json (Goals API 2.1.0) against standin's spec/openapi.yaml (2.0.0)",
        '1 breaking, 1 missing, 1 compatible',
        '',
        'BREAKING (1): a client built against standin would fail against production',
        '  GET /goals/{id}  status  [G2 GO7]',
        '    `GET /goals/{id}`: standin answers 404; production does not document it',
        '    production: /paths/~1goals~1{id}/get/responses   standin: /paths/~1goals~1{id}/get/responses/404',
        '',
        'MISSING (1): production offers what standin lacks',
        '  Goal.score  response-field  [GO3]',
        '    `Goal.score`: production answers it; standin does not (in GET /goals, GET /goals/{id})',
        '    production: /components/schemas/Goal/properties/score   standin: /components/schemas/Goal',
        '',
        'COMPATIBLE (1): nothing a client notices: descriptions, examples, widened inputs',
        '  Goal.title  description',
        '    `Goal.title`: the descriptions differ <b>|</b>',
        '    production: /components/schemas/Goal/properties/title   standin: /components/schemas/Goal/properties/title',
        '',
      ].join('\n'),
    );
    expect(textReport(EMPTY, LABELS)).toBe(
      "standin drift: openapi.json (Goals API 2.1.0) against standin's spec/openapi.yaml (2.0.0)\n0 breaking, 0 missing, 0 compatible\n\nNo difference: standin describes what production does.\n",
    );
  });

  it('markdown: a table per category, compatible folded, cells safe for a table', () => {
    expect(markdownReport(REPORT, LABELS)).toBe(
      [
        '## standin drift',
        '',
        "**1 breaking**, 1 missing, 1 compatible: openapi.json (Goals API 2.1.0) against standin's spec/openapi.yaml (2.0.0).",
        '',
        '### Breaking (1): a client built against standin would fail against production',
        '',
        '| Where | Kind | What | Rules | Production | standin |',
        '|---|---|---|---|---|---|',
        '| GET /goals/{id} | status | `GET /goals/{id}`: standin answers 404; production does not document it | G2, GO7 | `/paths/~1goals~1{id}/get/responses` | `/paths/~1goals~1{id}/get/responses/404` |',
        '',
        '### Missing (1): production offers what standin lacks',
        '',
        '| Where | Kind | What | Rules | Production | standin |',
        '|---|---|---|---|---|---|',
        '| Goal.score | response-field | `Goal.score`: production answers it; standin does not (in GET /goals, GET /goals/{id}) | GO3 | `/components/schemas/Goal/properties/score` | `/components/schemas/Goal` |',
        '',
        '<details><summary>Compatible (1): nothing a client notices: descriptions, examples, widened inputs</summary>',
        '',
        '| Where | Kind | What | Rules | Production | standin |',
        '|---|---|---|---|---|---|',
        '| Goal.title | description | `Goal.title`: the descriptions differ &lt;b>\\|&lt;/b> |  | `/components/schemas/Goal/properties/title` | `/components/schemas/Goal/properties/title` |',
        '',
        '</details>',
        '',
      ].join('\n'),
    );
  });

  it.each<[FailOn, number]>([
    ['breaking', 1],
    ['any', 3],
    ['never', 0],
  ])('junit under --fail-on %s: a case per change, %i failed, the XML escaped', (failOn, failed) => {
    const xml = junitReport(REPORT, LABELS, failOn);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="standin drift" tests="3" ')).toBe(
      true,
    );
    expect(xml).toContain(`failures="${failed}"`);
    expect(xml.match(/<testcase /g)).toHaveLength(3);
    expect(xml.match(/<failure /g) ?? []).toHaveLength(failed);
    expect(xml).toContain(
      '<testcase classname="standin drift.breaking" name="GET /goals/{id} status: `GET /goals/{id}`: standin answers 404; production does not document it">',
    );
    expect(xml).toContain(
      '<property name="kind" value="description"/><property name="rules" value=""/><property name="production_pointer" value="/components/schemas/Goal/properties/title"/>',
    );
    expect(xml).toContain('the descriptions differ &lt;b&gt;|&lt;/b&gt;');
    expect(xml).not.toContain('<b>');
  });

  it('junit with no change: one passing case, so the file is never empty', () => {
    const xml = junitReport(EMPTY, LABELS, 'any');
    expect(xml).toContain('<testsuites name="standin drift" tests="1" failures="0" errors="0" skipped="0">');
    expect(xml).toContain(
      `<testcase classname="standin drift" name="no difference: openapi.json (Goals API 2.1.0) against standin's spec/openapi.yaml (2.0.0)"/>`,
    );
  });

  it.each<[FailOn, DriftChange['category'], boolean]>([
    ['breaking', 'breaking', true],
    ['breaking', 'missing', false],
    ['breaking', 'compatible', false],
    ['any', 'missing', true],
    ['any', 'compatible', true],
    ['never', 'breaking', false],
  ])('--fail-on %s counts a %s change: %s', (failOn, category, fails) => {
    expect(failsRun(failOn, category)).toBe(fails);
  });
});
