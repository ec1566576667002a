// standin drift's comparison: pairs production's operations and webhooks with standin's, walks each pair,
// then makes the findings one change per difference (a component met through many operations is one change,
// its category the worst it has anywhere), names the rules that govern each place, and orders them so that the
// same two descriptions always give the same report.
import { operationsOf, webhooksOf, type SurfaceOperation } from './api-surface.js';
import { OperationComparison } from './compare-operations.js';
import { CATEGORIES, summaryOf, worseCategory, type DriftChange, type DriftReport } from './drift-change.js';
import type { ComparedPair, Finding } from './finding.js';
import { governingRules } from './governing-rules.js';
import { isObject } from './json-pointer.js';

interface Met {
  finding: Finding;
  operations: Set<string>;
}

/** How operations pair: by the full path a client calls, or (when the base paths differ) by the path below it. */
function pairOperations(
  ours: readonly SurfaceOperation[],
  theirs: readonly SurfaceOperation[],
): { pairs: Map<SurfaceOperation, SurfaceOperation>; byRelative: boolean } {
  const pairBy = (key: (o: SurfaceOperation) => string) => {
    const index = new Map(theirs.map((o) => [key(o), o]));
    const pairs = new Map<SurfaceOperation, SurfaceOperation>();
    for (const o of ours) {
      const match = index.get(key(o));
      if (match) pairs.set(o, match);
    }
    return pairs;
  };
  const full = pairBy((o) => `${o.method} ${o.basePath}${o.template}`);
  const relative = pairBy((o) => `${o.method} ${o.template}`);
  return relative.size > full.size ? { pairs: relative, byRelative: true } : { pairs: full, byRelative: false };
}

function serverPointer(pair: ComparedPair['standin']): string | null {
  const servers = pair.root.servers;
  return Array.isArray(servers) && isObject(servers[0]) ? '/servers/0' : null;
}

function listed(operations: readonly string[]): string {
  if (operations.length <= 3) return operations.join(', ');
  return `${operations.slice(0, 3).join(', ')} and ${operations.length - 3} more`;
}

const ORDER = (change: DriftChange) =>
  [
    CATEGORIES.indexOf(change.category),
    change.operation === null
      ? '\uffff'
      : `${change.operation.slice(change.operation.indexOf(' ') + 1)} ${change.operation}`,
    change.standin_pointer ?? '',
    change.production_pointer ?? '',
    change.kind,
    change.message,
  ] as const;

function compareChanges(a: DriftChange, b: DriftChange): number {
  const x = ORDER(a);
  const y = ORDER(b);
  for (let i = 0; i < x.length; i++) {
    const l = x[i] ?? '';
    const r = y[i] ?? '';
    if (l !== r) return typeof l === 'number' && typeof r === 'number' ? l - r : String(l) < String(r) ? -1 : 1;
  }
  return 0;
}

/**
 * Every difference between production's description and standin's, each once, with its category and rules.
 * @example compareDescriptions({ standin, production }).summary // { breaking: 3, missing: 12, compatible: 40 }
 */
export function compareDescriptions(pair: ComparedPair): DriftReport {
  const met = new Map<string, Met>();
  const meet = (operation: string | null) => (finding: Finding) => {
    const key = `${finding.kind} ${finding.standin ?? ''} ${finding.production ?? ''}`;
    const known = met.get(key);
    if (!known) {
      met.set(key, { finding, operations: new Set(operation === null ? [] : [operation]) });
      return;
    }
    if (operation !== null) known.operations.add(operation);
    if (worseCategory(known.finding.category, finding.category) !== known.finding.category) known.finding = finding;
  };

  const ours = operationsOf(pair.standin);
  const theirs = operationsOf(pair.production);
  const { pairs, byRelative } = pairOperations(ours, theirs);
  const ourBase = ours[0]?.basePath ?? '';
  const theirBase = theirs[0]?.basePath ?? '';
  if (byRelative && ourBase !== theirBase)
    meet(null)({
      category: 'breaking',
      kind: 'base-path',
      standin: serverPointer(pair.standin),
      production: serverPointer(pair.production),
      message: `standin serves the API under \`${ourBase || '/'}\`, production under \`${theirBase || '/'}\``,
    });
  const paired = new Set(pairs.values());
  const theirPaths = new Map(theirs.map((o) => [o.template, o.pathPointer]));
  const ourPaths = new Map(ours.map((o) => [o.template, o.pathPointer]));
  for (const operation of ours) {
    const match = pairs.get(operation);
    if (match) {
      new OperationComparison(pair, meet(operation.label)).compare(
        { ...operation, path: operation.label.slice(operation.label.indexOf(' ') + 1) },
        { ...match, path: match.label.slice(match.label.indexOf(' ') + 1) },
        'input',
      );
      continue;
    }
    meet(operation.label)({
      category: 'breaking',
      kind: 'operation',
      standin: operation.pointer,
      production: theirPaths.get(operation.template) ?? null,
      message: `\`${operation.label}\`: standin answers it; production does not describe it`,
    });
  }
  for (const operation of theirs) {
    if (paired.has(operation)) continue;
    meet(operation.label)({
      category: 'missing',
      kind: 'operation',
      standin: ourPaths.get(operation.template) ?? null,
      production: operation.pointer,
      message: `\`${operation.label}\`: production offers it; standin does not`,
    });
  }

  const theirHooks = new Map(webhooksOf(pair.production).map((w) => [`${w.name} ${w.method}`, w]));
  for (const hook of webhooksOf(pair.standin)) {
    const match = theirHooks.get(`${hook.name} ${hook.method}`);
    theirHooks.delete(`${hook.name} ${hook.method}`);
    if (match) new OperationComparison(pair, meet(null)).compare(hook, match, 'output');
    else
      meet(null)({
        category: 'breaking',
        kind: 'webhook',
        standin: hook.pointer,
        production: isObject(pair.production.root.webhooks) ? '/webhooks' : null,
        message: `${hook.label}: standin sends it; production does not describe it`,
      });
  }
  for (const hook of theirHooks.values())
    meet(null)({
      category: 'missing',
      kind: 'webhook',
      standin: isObject(pair.standin.root.webhooks) ? '/webhooks' : null,
      production: hook.pointer,
      message: `${hook.label}: production sends it; standin does not`,
    });

  const changes = [...met.values()].map(({ finding, operations }): DriftChange => {
    const all = [...operations];
    const only = all.length === 1 ? (all[0] ?? null) : null;
    return {
      category: finding.category,
      kind: finding.kind,
      operation: only,
      production_pointer: finding.production,
      standin_pointer: finding.standin,
      message: all.length > 1 ? `${finding.message} (in ${listed(all)})` : finding.message,
      rules: governingRules(pair.standin, finding.rulesAt ?? finding.standin),
    };
  });
  changes.sort(compareChanges);
  return { summary: summaryOf(changes), changes };
}
