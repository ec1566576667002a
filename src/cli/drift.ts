// `standin drift`: compares production's API description with standin's spec/openapi.yaml and reports each
// difference once, by what it means for a client built against standin (breaking, missing, compatible), with
// the rules that govern its place, as text, JSON, Markdown or JUnit. Exit 0 when nothing `--fail-on` counts
// was found, 1 when something was, 2 when there is nothing to compare (one line saying why). With `--mcp`, the
// same for production's MCP tools against standin's (drift-mcp.ts).
import { statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { DescriptionError } from '../drift/description-error.js';
import { PlantedLinkError, writeFileWhole } from '../files/replace-file.js';
import { readDescription, type DescriptionDocument } from '../drift/description-document.js';
import { compareDescriptions } from '../drift/drift-report.js';
import { FAIL_ON, failingChanges, type FailOn } from '../drift/fail-on.js';
import type { ComparedLabels } from '../drift/change-place.js';
import type { DriftReport } from '../drift/drift-change.js';
import { packageText, SPEC_PATH } from '../spec/spec-files.js';
import { descriptionText } from './description-source.js';
import { optionError } from './option-errors.js';

const DRIFT_USAGE = `Usage: standin drift <file-or-url> [options]
       standin drift --mcp <file-or-url> [options]

Compares production's API description (OpenAPI 3.0 or 3.1, YAML or JSON; a file, - for standard input, or an
http(s) URL) with standin's spec/openapi.yaml, and reports each difference once, for a client built against
standin: breaking (it would fail against production), missing (production offers what standin lacks) or
compatible (descriptions, examples, widened inputs), with the rules of standin's spec that govern the place.
  --mcp SOURCE       compare production's MCP tools instead: a saved tools/list answer (a file, or - for
                     standard input) or its MCP server's http(s) URL (Streamable HTTP, e.g. …/mcp), with
                     standin's /mcp tools: tools on one side only, arguments, results, descriptions
  --token T          a bearer token for the URL (STANDIN_DRIFT_TOKEN); sent to that origin only, and over
                     http only to this machine
  --format F         text (default), json, markdown or junit
  --out FILE         write the report to FILE and print only the counts
  --fail-on WHAT     exit 1 on breaking changes (default), on any change, or never
  -h, --help         show this help
Exit codes: 0 nothing --fail-on counts, 1 something it counts, 2 nothing compared (the reason in one line).`;

const FORMATS = ['text', 'json', 'markdown', 'junit'] as const;
type Format = (typeof FORMATS)[number];

/** A mistake on the command line: answered with a pointer to --help. */
class DriftUsageError extends Error {}

/** Where the command writes: the process's streams in use, strings in a test. */
export interface DriftOutput {
  stdout(text: string): void;
  stderr(text: string): void;
}

interface DriftArgs {
  source: string;
  /** The source is production's MCP tools, not its API description. */
  mcp: boolean;
  token: string | undefined;
  format: Format;
  out: string | undefined;
  failOn: FailOn;
}

function readArgs(argv: string[]): DriftArgs | 'help' {
  const known = {
    mcp: { type: 'string' },
    token: { type: 'string' },
    format: { type: 'string' },
    out: { type: 'string' },
    'fail-on': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  } as const;
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: known, allowPositionals: true });
  } catch (error) {
    throw new DriftUsageError(optionError(error, Object.keys(known)));
  }
  const { values, positionals } = parsed;
  if (values.help) return 'help';
  if (values.mcp !== undefined && positionals.length > 0)
    throw new DriftUsageError(
      `--mcp compares MCP tools, a description compares itself: give one of them, not ${values.mcp} and ${positionals[0]}`,
    );
  if (values.mcp === '')
    throw new DriftUsageError('--mcp needs a saved tools/list (a file, or - for standard input) or an http(s) URL');
  if (values.mcp === undefined && positionals.length === 0)
    throw new DriftUsageError(
      "give production's description (a file, - for standard input, or an http(s) URL), or --mcp and its MCP tools",
    );
  if (positionals.length > 1)
    throw new DriftUsageError(
      `one description at a time, got ${positionals.length}: ${positionals.slice(0, 3).join(' ')}`,
    );
  const format = values.format ?? 'text';
  if (!(FORMATS as readonly string[]).includes(format))
    throw new DriftUsageError(`--format must be one of ${FORMATS.join(', ')}, got "${format}"`);
  const failOn = values['fail-on'] ?? 'breaking';
  if (!(FAIL_ON as readonly string[]).includes(failOn))
    throw new DriftUsageError(`--fail-on must be one of ${FAIL_ON.join(', ')}, got "${failOn}"`);
  const token = values.token ?? process.env.STANDIN_DRIFT_TOKEN;
  if (token === '') throw new DriftUsageError('--token is empty (is STANDIN_DRIFT_TOKEN set?)');
  return {
    source: values.mcp ?? positionals[0] ?? '',
    mcp: values.mcp !== undefined,
    token: token || undefined,
    format: format as Format,
    out: values.out,
    failOn: failOn as FailOn,
  };
}

function versionOf(document: DescriptionDocument): string {
  const info = document.root.info;
  if (typeof info !== 'object' || info === null) return '';
  const { title, version } = info as { title?: unknown; version?: unknown };
  const words = [typeof title === 'string' ? title : '', typeof version === 'string' ? version : ''].filter(Boolean);
  return words.length > 0 ? ` (${words.join(' ').slice(0, 80)})` : '';
}

/**
 * Writes a file whole or not at all: a report a CI step publishes is never half a report, nor is one left; and
 * never through a link planted at a temporary name (writeFileWhole).
 */
async function writeWhole(file: string, text: string): Promise<void> {
  const kind = (path: string) => {
    try {
      return statSync(path, { throwIfNoEntry: false });
    } catch {
      return undefined; // A file further up (ENOTDIR): the write below says so.
    }
  };
  if (kind(file)?.isDirectory())
    throw new DescriptionError(`--out ${file} is a folder: give a file in it, such as ${join(file, 'drift.xml')}`);
  const parent = kind(dirname(file));
  if (parent && !parent.isDirectory())
    throw new DescriptionError(`cannot write --out ${file}: ${dirname(file)} is a file, not a folder`);
  try {
    await writeFileWhole(file, text, { newMode: 0o644 });
  } catch (error) {
    if (error instanceof PlantedLinkError) throw new DescriptionError(`cannot write --out: ${error.message}`);
    const code = (error as NodeJS.ErrnoException).code;
    throw new DescriptionError(`cannot write --out ${file}${code ? ` (${code})` : ''}`);
  }
}

/**
 * Runs `standin drift` with `argv` (the words after `drift`) and resolves with its exit code.
 * @example process.exitCode = await runDrift(['openapi.json', '--format', 'json'], { stdout: ..., stderr: ... })
 */
export async function runDrift(argv: string[], output: DriftOutput): Promise<number> {
  try {
    return await drift(argv, output);
  } catch (error) {
    // What we did not foresee is still one line and exit 2, never a stack trace that CI reads as "1: changes".
    const known = error instanceof DescriptionError || error instanceof DriftUsageError;
    const hint = error instanceof DriftUsageError ? ' (standin drift --help lists the options)' : '';
    output.stderr(
      `standin drift: ${known ? '' : 'could not compare: '}${(error as Error).message.split('\n')[0] ?? ''}${hint}\n`,
    );
    return 2;
  }
}

/** Production's API description against standin's spec/openapi.yaml. */
async function descriptionDrift(
  source: string,
  token: string | undefined,
): Promise<{ report: DriftReport; labels: ComparedLabels }> {
  const { text, label } = await descriptionText(source, token);
  const production = readDescription(text, label);
  const standin = readDescription(packageText(SPEC_PATH), "standin's spec/openapi.yaml");
  let report = compareDescriptions({ standin, production });
  // Where an enum differs, say whether standin's world emits the values production lacks: the census makes
  // the default world, so it is taken only then, and the comparison made again with it.
  if (report.changes.some((change) => change.kind === 'enum')) {
    const { defaultWorldCensus } = await import('./drift-census.js');
    report = compareDescriptions({ standin, production, emitted: defaultWorldCensus(standin) });
  }
  return {
    report,
    labels: {
      production: `${production.label}${versionOf(production)}`,
      standin: `standin's spec/openapi.yaml${versionOf(standin)}`,
    },
  };
}

async function drift(argv: string[], output: DriftOutput): Promise<number> {
  const args = readArgs(argv);
  if (args === 'help') {
    output.stdout(`${DRIFT_USAGE}\n`);
    return 0;
  }
  const { report, labels } = args.mcp
    ? await (await import('./drift-mcp.js')).mcpDrift(args.source, args.token)
    : await descriptionDrift(args.source, args.token);
  const { textReport } = await import('../drift/report-text.js');
  let text: string;
  if (args.format === 'json') text = `${JSON.stringify(report, null, 2)}\n`;
  else if (args.format === 'markdown')
    text = (await import('../drift/report-markdown.js')).markdownReport(report, labels);
  else if (args.format === 'junit')
    text = (await import('../drift/report-junit.js')).junitReport(report, labels, args.failOn);
  else text = textReport(report, labels);
  const failing = failingChanges(report.changes, args.failOn);
  if (args.out) {
    await writeWhole(args.out, text);
    const { summary } = report;
    output.stdout(
      `standin drift: ${summary.breaking} breaking, ${summary.missing} missing, ${summary.compatible} compatible; the ${args.format} report is in ${args.out}\n`,
    );
  } else output.stdout(text);
  if (failing.length > 0 && args.failOn !== 'never')
    output.stderr(
      `standin drift: ${failing.length} ${args.failOn === 'any' ? '' : 'breaking '}change${failing.length === 1 ? '' : 's'} (--fail-on ${args.failOn})\n`,
    );
  return failing.length > 0 ? 1 : 0;
}
