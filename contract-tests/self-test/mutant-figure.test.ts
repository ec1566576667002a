// Issue 37's Stryker figure (mutant-figure.ts, `npm run explore:mutants`): its draw is seeded and its ranges point
// at the drawn code; its probe (mutant-probe.ts) fingerprints the answers the same way run after run, so that a
// mutant whose fingerprint differs changed an answer; its table counts each outcome. The whole run (Stryker's
// build of the instrumented project, a probe per mutant) takes many minutes and is not part of npm test.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { MutantResult } from '@stryker-mutator/api/core';
import { describe, expect, it } from 'vitest';
import { domainMutants, drawMutants, mutantTable, mutatePatterns } from './mutant-figure.js';
import { blankRow, fingerprinting, probeMutant, type MutantRow } from './mutant-probe.js';

describe('the draw', () => {
  it('draws the same mutants for a seed, each once, and its ranges start on the drawn node', async () => {
    const mutants = await domainMutants(process.cwd());
    expect(mutants.length).toBeGreaterThan(1000);
    const drawn = drawMutants(mutants, 25, 7);
    expect(drawMutants(mutants, 25, 7)).toEqual(drawn);
    expect(drawMutants(mutants, 25, 8)).not.toEqual(drawn);
    expect(new Set(drawn.map((m) => m.id)).size).toBe(25);
    for (const [index, pattern] of mutatePatterns(drawn.slice(0, 5)).entries()) {
      const mutant = drawn[index]!;
      const [, file, line, column] = /^(.*):(\d+):(\d+)-\d+:\d+$/.exec(pattern)!;
      expect(file).toBe(mutant.fileName);
      // Stryker's patterns count lines from 1: the line named holds the node's text the mutant replaces.
      const source = readFileSync(file!, 'utf8').split('\n')[Number(line) - 1]!;
      expect(source.slice(Number(column)).length).toBeGreaterThan(0);
      expect(source.slice(Number(column))).not.toBe(mutant.replacement);
    }
  });
});

describe('the probe', () => {
  const settings = { budgets: [150], seed: 3, readOnlyRequests: 150 };

  it('finds nothing on the sound mock, and fingerprints its answers alike on every run', async () => {
    const first = await probeMutant(null, settings);
    expect(first).toMatchObject({ perRule: [], foundAt: null });
    expect(first.broken).toBeUndefined();
    expect(first.answers).toMatch(/^[0-9a-f]{64}$/);
    expect((await probeMutant(null, settings)).answers).toBe(first.answers);
  }, 120_000);

  it('fingerprints each request and its answer: another body sent or answered is another digest', async () => {
    const digest = async (sent: string, answered: string) => {
      const hash = createHash('sha256');
      const fetch = fingerprinting(hash)(() => Promise.resolve(new Response(answered, { status: 200 })));
      await fetch('http://standin.test/api/v2/goals', { method: 'POST', body: sent });
      return hash.digest('hex');
    };
    const base = await digest('{"title":"a"}', '{"id":"1"}');
    expect(await digest('{"title":"a"}', '{"id":"1"}')).toBe(base);
    expect(await digest('{"title":"b"}', '{"id":"1"}')).not.toBe(base);
    expect(await digest('{"title":"a"}', '{"id":"2"}')).not.toBe(base);
  });
});

describe('the table', () => {
  const result = (id: string, line: number): MutantResult => ({
    id,
    fileName: `${process.cwd()}/src/domain/goals.ts`,
    location: { start: { line, column: 2 }, end: { line, column: 9 } },
    mutatorName: 'EqualityOperator',
    replacement: 'a !== b',
    status: 'Survived',
  });
  const row = (mutant: string | null, fields: Partial<MutantRow>): MutantRow => ({
    ...blankRow(mutant),
    answers: 'sound',
    ...fields,
  });

  it('sorts mutants into broke, unchanged and changed, and counts what each mode caught of the changed', () => {
    const results = [1, 2, 3, 4, 5, 6].map((n) => result(String(n), n * 10));
    const rows = [
      row(null, {}),
      row('1', { perRule: ['GO4'], answers: null }),
      row('2', { foundAt: 500, rule: 'GU2', steps: 3, requests: 5, answers: null }),
      row('3', { foundAt: 2000, rule: 'GO6', steps: 5, requests: 9, answers: null }),
      row('4', { answers: 'another' }),
      row('5', {}),
      // No row for 6: Stryker's timeout ended its probe.
    ];
    const text = mutantTable(results, rows, {
      nodes: 4,
      drawSeed: 1,
      concurrency: 2,
      probe: { budgets: [500, 2000], seed: 1, readOnlyRequests: 10 },
    });
    expect(text).toContain('broke the mock (no start, no answer, or a hang): 1');
    expect(text).toContain("changed no answer the kit asked for (its answers as the sound mock's, byte for byte): 1");
    expect(text).toContain('changed an answer, the mock still up: 4');
    const cells = text
      .split('\n')
      .find((line) => /^\s+4 \|/.test(line))!
      .split('|')
      .map((cell) => cell.trim());
    expect(cells).toEqual(['4', '1/4 25%', '1/4 25%', '2/4 50%', '3/4 75%', '4', '7']);
    expect(text).toContain('explorer missed (per-rule: GO4): src/domain/goals.ts:10 EqualityOperator → a !== b');
    expect(text).toContain('explorer missed: src/domain/goals.ts:40');
    expect(text).toContain('changed no answer: src/domain/goals.ts:50');
  });
});
