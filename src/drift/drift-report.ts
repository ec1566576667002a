// standin drift's comparison: pairs production's operations and webhooks with standin's, walks each pair,
// then makes the findings one change per difference (a component met through many operations is one change,
// its category the worst it has anywhere), names the rules that govern each place, and orders them so that the
// same two descriptions always give the same report.
import { operationsOf, webhooksOf, type SurfaceOperation, type SurfaceWebhook } from './api-surface.js';
import { OperationComparison, payloadConstants } from './compare-operations.js';
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
    const index = new Map<string, SurfaceOperation>();
    for (const o of theirs) if (!index.has(key(o))) index.set(key(o), o);
    const pairs = new Map<SurfaceOperation, SurfaceOperation>();
    for (const o of ours) {
      const match = index.get(key(o));
      if (match) pairs.set(o, match);
    }
    return pairs;
  };
  const full = pairBy((o) => `${o.method} ${o.full}`);
  const relative = pairBy((o) => `${o.method} ${o.relative}`);
  return relative.size > full.size ? { pairs: relative, byRelative: true } : { pairs: full, byRelative: false };
}

/** Each path's item, by the path below the base; of two written alike, the one that sorts first. */
function pathItems(operations: readonly SurfaceOperation[]): Map<string, string> {
  const items = new Map<string, string>();
  for (const o of operations) {
    const known = items.get(o.relative);
    if (known === undefined || o.pathPointer < known) items.set(o.relative, o.pathPointer);
  }
  return items;
}

/**
 * Webhooks pair by name and method, else by what their payloads hold constant (a `type` of `check-in.completed`):
 * a webhook's name reaches no wire. A production description with no webhooks at all (3.0 has no place for them)
 * says nothing of them, so none is compared.
 */
function compareWebhooks(pair: ComparedPair, meet: (operation: string | null) => (finding: Finding) => void): void {
  if (!isObject(pair.production.root.webhooks)) return;
  const theirs = webhooksOf(pair.production);
  const unpaired = new Set(theirs);
  const ours = webhooksOf(pair.standin);
  const pairs = new Map<SurfaceWebhook, SurfaceWebhook>();
  for (const hook of ours) {
    const match = theirs.find((t) => unpaired.has(t) && t.name === hook.name && t.method === hook.method);
    if (match) {
      pairs.set(hook, match);
      unpaired.delete(match);
    }
  }
  for (const hook of ours) {
    if (pairs.has(hook)) continue;
    const constants = payloadConstants(pair.standin, hook);
    const match = constants
      ? theirs.find(
          (t) => unpaired.has(t) && t.method === hook.method && payloadConstants(pair.production, t) === constants,
        )
      : undefined;
    if (match) {
      pairs.set(hook, match);
      unpaired.delete(match);
    }
  }
  for (const hook of ours) {
    const match = pairs.get(hook);
    if (match) new OperationComparison(pair, meet(hook.label)).compare(hook, match, 'output');
    else
      meet(hook.label)({
        category: 'breaking',
        kind: 'webhook',
        only: 'standin',
        standin: hook.pointer,
        production: '/webhooks',
        message: `standin sends it; production does not describe it`,
      });
  }
  for (const hook of unpaired)
    meet(hook.label)({
      category: 'missing',
      kind: 'webhook',
      only: 'production',
      standin: isObject(pair.standin.root.webhooks) ? '/webhooks' : null,
      production: hook.pointer,
      message: `production sends it; standin does not`,
    });
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

/**
 * The report's order: category, then operation (by path, then method; a tool by its name), then pointers, so the
 * same two descriptions always give the same bytes.
 * @example changes.sort(compareChanges)
 */
export function compareChanges(a: DriftChange, b: DriftChange): number {
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
    const key = `${finding.kind} ${finding.only === 'production' ? '-' : (finding.standin ?? '')} ${finding.only === 'standin' ? '-' : (finding.production ?? '')}`;
    const known = met.get(key);
    if (!known) {
      met.set(key, { finding, operations: new Set(operation === null ? [] : [operation]) });
      return;
    }
    if (operation !== null) known.operations.add(operation);
    if (worseCategory(known.finding.category, finding.category) !== known.finding.category) known.finding = finding;
  };

  const ourSurface = operationsOf(pair.standin);
  const theirSurface = operationsOf(pair.production);
  const ours = ourSurface.operations;
  const theirs = theirSurface.operations;
  const { pairs, byRelative } = pairOperations(ours, theirs);
  if (byRelative && ourSurface.base !== theirSurface.base)
    meet(null)({
      category: 'breaking',
      kind: 'base-path',
      standin: serverPointer(pair.standin),
      production: serverPointer(pair.production),
      message: `standin serves the API under \`${ourSurface.base || '/'}\`, production under \`${theirSurface.base || '/'}\``,
    });
  const paired = new Set(pairs.values());
  const theirPaths = pathItems(theirs);
  const ourPaths = pathItems(ours);
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
      only: 'standin',
      standin: operation.pointer,
      production: theirPaths.get(operation.relative) ?? null,
      message: `\`${operation.label}\`: standin answers it; production does not describe it`,
    });
  }
  for (const operation of theirs) {
    if (paired.has(operation)) continue;
    meet(operation.label)({
      category: 'missing',
      kind: 'operation',
      only: 'production',
      standin: ourPaths.get(operation.relative) ?? null,
      production: operation.pointer,
      message: `\`${operation.label}\`: production offers it; standin does not`,
    });
  }
  compareWebhooks(pair, meet);

  const changes = [...met.values()].map(({ finding, operations }): DriftChange => {
    const all = [...operations];
    const only = all.length === 1 ? (all[0] ?? null) : null;
    // A webhook is no `METHOD /path`: the message names it instead.
    const operation = only?.startsWith('webhook ') ? null : only;
    return {
      category: finding.category,
      kind: finding.kind,
      operation,
      production_pointer: finding.production,
      standin_pointer: finding.standin,
      message: operation === null && all.length > 0 ? `${finding.message} (in ${listed(all)})` : finding.message,
      rules: governingRules(pair.standin, finding.rulesAt ?? finding.standin),
    };
  });
  changes.sort(compareChanges);
  return { summary: summaryOf(changes), changes };
}
