// How a CLI run and its vitest workers talk: the options go in through the environment, each group's
// results and coverage come back as JSON files in the run's report folder.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { KitOptions } from './kit-options.js';
import type { CheckResult } from './check-result.js';

export const OPTIONS_ENV = 'STANDIN_CONTRACT_OPTIONS';
export const REPORT_DIR_ENV = 'STANDIN_CONTRACT_REPORT_DIR';

export interface GroupReport {
  group: string;
  title: string;
  results: CheckResult[];
  coverage: Record<string, Record<string, number>>;
  cleanupFailures: string[];
}

export function optionsFromEnv(): KitOptions {
  const text = process.env[OPTIONS_ENV];
  if (!text) throw new Error(`${OPTIONS_ENV} is not set: run the kit with "standin contract --base-url URL --token T"`);
  return JSON.parse(text) as KitOptions;
}

export function writeGroupReport(report: GroupReport): void {
  const dir = process.env[REPORT_DIR_ENV];
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${report.group}.json`), JSON.stringify(report));
}

export function readGroupReports(dir: string): GroupReport[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as GroupReport);
}
