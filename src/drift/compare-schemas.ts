// Compares a schema of standin's with production's counterpart, in the direction its values travel, and
// reports each difference of meaning once per place: a field only on one side, required, type, nullable,
// format, enum, length, range, pattern, variants, and what a client never notices (descriptions, examples,
// deprecation). Fields are walked down to the leaves; a schema met again (a cycle, a component shared within
// the operation) is compared once.
import type { Category, ChangeKind } from './drift-change.js';
import { judge, requiredFinding, verb, type ComparedPair, type Direction, type ReportFinding } from './finding.js';
import { placeName as placeNameOf } from './place-names.js';
import { DescriptionError } from './description-error.js';
import {
  keywordPointer,
  LENGTH_BOUNDS,
  MAX_SCHEMA_DEPTH,
  shapeOf,
  type Bound,
  type JsonType,
  type Shape,
  type Site,
} from './schema-shape.js';

/** Formats that say how a number is stored, not which numbers are meant: read by no client as a limit. */
const STORAGE_FORMATS: ReadonlySet<string> = new Set(['int32', 'int64', 'float', 'double']);

/** A value as a message quotes it, at most 60 characters (G8's limit for quoting what was sent). */
function quote(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return `\`${text.length > 60 ? `${text.slice(0, 57)}…` : text}\``;
}

function quoteAll(values: readonly unknown[]): string {
  const shown = values.slice(0, 8).map(quote).join(', ');
  return values.length > 8 ? `${shown} and ${values.length - 8} more` : shown;
}

function typesText(types: ReadonlySet<JsonType> | null): string {
  return types === null ? 'any type' : types.size === 0 ? 'only null' : [...types].sort().join(' or ');
}

/** Values in the order of their JSON texts. */
function sortedValues(values: readonly unknown[]): unknown[] {
  return [...values].sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
}

/** Whether a type set admits type `t` (null admits all; number admits integer). */
function admits(types: ReadonlySet<JsonType> | null, t: JsonType): boolean {
  return types === null || types.has(t) || (t === 'integer' && types.has('number'));
}

function allowsMoreTypes(a: ReadonlySet<JsonType> | null, b: ReadonlySet<JsonType> | null): boolean {
  if (a === null) return b !== null;
  return [...a].some((t) => !admits(b, t));
}

/** Whether the shape admits a value of one of `types` (an integer is a number). */
function canBe(shape: Shape, ...types: JsonType[]): boolean {
  return types.some((t) => admits(shape.types, t) || (t === 'number' && admits(shape.types, 'integer')));
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const prose = (text: string | undefined) => text?.replace(/\s+/g, ' ').trim();

/** A lower bound wider (admitting more) than another; undefined is no bound at all. */
function lowerWider(a: Bound | undefined, b: Bound | undefined): boolean {
  if (a === undefined) return b !== undefined;
  if (b === undefined) return false;
  return a.value < b.value || (a.value === b.value && !a.exclusive && b.exclusive);
}

function upperWider(a: Bound | undefined, b: Bound | undefined): boolean {
  if (a === undefined) return b !== undefined;
  if (b === undefined) return false;
  return a.value > b.value || (a.value === b.value && !a.exclusive && b.exclusive);
}

function boundText(bound: Bound | undefined, kind: 'at least' | 'at most'): string {
  if (bound === undefined) return 'no limit';
  return `${bound.exclusive ? (kind === 'at least' ? 'above' : 'below') : kind} ${bound.value}`;
}

/** A schema's names for pairing: the component it is, and the values its constant fields hold. */
export function schemaNames(
  shape: Shape,
  document: ComparedPair['standin'],
): { component?: string; constants?: string } {
  const component = /^\/components\/schemas\/([^/]+)$/.exec(shape.pointer)?.[1];
  const constants = [...shape.properties]
    .map(([name, site]) => [name, shapeOf(document, site).enum] as const)
    .filter(([, values]) => values?.length === 1)
    .map(([name, values]) => `${name}=${JSON.stringify(values?.[0])}`)
    .sort()
    .join('&');
  return { ...(component ? { component } : {}), ...(constants ? { constants } : {}) };
}

/** How much two shapes have alike (types, format, pattern, enum, field names): what pairs unnamed variants. */
function likeness(a: Shape, b: Shape): number {
  const text = (types: ReadonlySet<JsonType> | null) => (types === null ? '' : [...types].sort().join());
  let alike = 0;
  if (text(a.types) === text(b.types)) alike++;
  if (a.format === b.format) alike++;
  if (a.pattern === b.pattern) alike++;
  if (sameValue(a.enum, b.enum)) alike++;
  for (const name of a.properties.keys()) if (b.properties.has(name)) alike++;
  return alike;
}

/**
 * One walk of schemas for one operation: what it met is compared once.
 * @example new SchemaComparison(pair, report).compare(standinSite, productionSite, 'output')
 */
export class SchemaComparison {
  readonly #pair: ComparedPair;
  readonly #report: ReportFinding;
  readonly #visited = new Set<string>();
  readonly #placeName: (pointer: string) => string;

  /**
   * @param placeName what a message calls a place of standin's schema: by default the spec's name for it
   * (`Goal.owner.name`); an MCP tool's schema is a document of its own, named by its tool (`get_goals.arguments.since`).
   */
  constructor(pair: ComparedPair, report: ReportFinding, placeName?: (pointer: string) => string) {
    this.#pair = pair;
    this.#report = report;
    this.#placeName = placeName ?? ((pointer) => placeNameOf(pointer, pair.standin.root));
  }

  compare(standinSite: Site, productionSite: Site, direction: Direction, depth = 0): void {
    const s = shapeOf(this.#pair.standin, standinSite);
    const p = shapeOf(this.#pair.production, productionSite);
    const key = `${direction} ${s.pointer} ${p.pointer}`;
    if (this.#visited.has(key)) return;
    this.#visited.add(key);
    if (depth > MAX_SCHEMA_DEPTH)
      throw new DescriptionError(
        `${this.#pair.production.label} nests schemas deeper than ${MAX_SCHEMA_DEPTH} levels at ${p.pointer}: no description does`,
      );
    this.#prose(s, p);
    if (!this.#types(s, p, direction)) return;
    this.#nullable(s, p, direction);
    if (canBe(s, 'string') && canBe(p, 'string')) {
      this.#format(s, p, direction);
      this.#pattern(s, p, direction);
    }
    this.#enum(s, p, direction);
    this.#lengths(s, p, direction);
    if (canBe(s, 'number') && canBe(p, 'number')) this.#range(s, p, direction);
    if (canBe(s, 'object') && canBe(p, 'object')) {
      this.#properties(s, p, direction, depth);
      if (s.additional && p.additional) this.compare(s.additional, p.additional, direction, depth + 1);
    }
    if (s.items && p.items && canBe(s, 'array') && canBe(p, 'array'))
      this.compare(s.items, p.items, direction, depth + 1);
    this.#variants(s, p, direction, depth);
  }

  /** A place of standin's spec, named for a message. */
  #name(pointer: string): string {
    return this.#placeName(pointer);
  }

  #add(category: Category | null, kind: ChangeKind, s: Shape, p: Shape, keyword: string, message: string): void {
    if (category === null) return;
    this.#report({
      category,
      kind,
      standin: keywordPointer(s, keyword),
      production: keywordPointer(p, keyword),
      message,
    });
  }

  /** False when the types share nothing, so nothing below them compares (the prose is compared before). */
  #types(s: Shape, p: Shape, direction: Direction): boolean {
    const standinMore = allowsMoreTypes(s.types, p.types);
    const productionMore = allowsMoreTypes(p.types, s.types);
    const name = this.#name(keywordPointer(s, 'type'));
    this.#add(
      judge(direction, standinMore, productionMore),
      'type',
      s,
      p,
      'type',
      `\`${name}\`: standin ${verb(direction)} ${typesText(s.types)}, production ${typesText(p.types)}`,
    );
    // Null alone (an empty set) shares nothing either, but it has nothing below it to compare.
    const disjoint =
      s.types !== null &&
      p.types !== null &&
      s.types.size > 0 &&
      p.types.size > 0 &&
      ![...s.types].some((t) => admits(p.types, t)) &&
      ![...p.types].some((t) => admits(s.types, t));
    return !disjoint;
  }

  #nullable(s: Shape, p: Shape, direction: Direction): void {
    if (s.nullable === p.nullable) return;
    const name = this.#name(keywordPointer(s, 'nullable'));
    const who = s.nullable ? 'standin' : 'production';
    this.#add(
      judge(direction, s.nullable, p.nullable),
      'nullable',
      s,
      p,
      'nullable',
      `\`${name}\`: ${who} ${verb(direction)} null, ${who === 'standin' ? 'production' : 'standin'} does not`,
    );
  }

  #format(s: Shape, p: Shape, direction: Direction): void {
    const sf = s.format && !STORAGE_FORMATS.has(s.format) ? s.format : undefined;
    const pf = p.format && !STORAGE_FORMATS.has(p.format) ? p.format : undefined;
    if (sf === pf) return;
    const name = this.#name(keywordPointer(s, 'format'));
    // A format narrows a string: none admits more.
    this.#add(
      judge(direction, pf !== undefined, sf !== undefined),
      'format',
      s,
      p,
      'format',
      `\`${name}\`: standin's format is ${sf ? quote(sf) : 'none'}, production's ${pf ? quote(pf) : 'none'}`,
    );
  }

  #pattern(s: Shape, p: Shape, direction: Direction): void {
    if (s.pattern === p.pattern) return;
    const name = this.#name(keywordPointer(s, 'pattern'));
    // Two patterns cannot be told apart in general: each is taken to admit what the other does not.
    this.#add(
      judge(direction, p.pattern !== undefined, s.pattern !== undefined),
      'pattern',
      s,
      p,
      'pattern',
      `\`${name}\`: standin's pattern is ${s.pattern ? quote(s.pattern) : 'none'}, production's ${p.pattern ? quote(p.pattern) : 'none'}`,
    );
  }

  #enum(s: Shape, p: Shape, direction: Direction): void {
    if (s.enum === undefined && p.enum === undefined) return;
    const name = this.#name(keywordPointer(s, 'enum'));
    const emitted = this.#pair.emitted?.(keywordPointer(s, 'enum'));
    // A set of each list's texts: an enum of many thousand values is compared in one pass, not value by value.
    const outside = (values: readonly unknown[], of: readonly unknown[] | undefined) => {
      if (of === undefined) return [];
      const known = new Set(of.map((v) => JSON.stringify(v)));
      return values.filter((v) => !known.has(JSON.stringify(v)));
    };
    const standinOnly = s.enum ? outside(s.enum, p.enum) : [];
    // Production's in a stable order, so that the order it lists them in changes no byte of the report.
    const productionOnly = p.enum ? sortedValues(outside(p.enum, s.enum)) : [];
    const standinMore = standinOnly.length > 0 || (s.enum === undefined && p.enum !== undefined);
    const productionMore = productionOnly.length > 0 || (p.enum === undefined && s.enum !== undefined);
    if (!standinMore && !productionMore) return;
    let category: Category;
    if (direction === 'input') category = standinMore ? 'breaking' : 'compatible';
    // Output: a value production may answer that standin never does fails a client; a value standin answers that
    // production never declares is breaking too, as a field or status only standin answers is: the client was
    // built and tested on it (docs/drift.md).
    else category = productionMore || standinOnly.length > 0 ? 'breaking' : 'compatible';
    const parts: string[] = [];
    if (s.enum && p.enum) {
      if (standinOnly.length > 0)
        parts.push(
          `standin ${verb(direction)} ${quoteAll(standinOnly)}, which production does not declare${direction === 'output' ? this.#shown(standinOnly, emitted) : ''}`,
        );
      if (productionOnly.length > 0)
        parts.push(`production ${verb(direction)} ${quoteAll(productionOnly)}, which standin does not`);
    } else if (s.enum) parts.push(`standin ${verb(direction)} only ${quoteAll(s.enum)}; production declares no list`);
    else
      parts.push(
        `production ${verb(direction)} only ${quoteAll(sortedValues(p.enum ?? []))}; standin declares no list`,
      );
    this.#add(category, 'enum', s, p, 'enum', `\`${name}\`: ${parts.join('; ')}`);
  }

  /** Whether standin's world emits the values a client built on it may have been shown, when the census knows. */
  #shown(values: readonly unknown[], emitted: readonly unknown[] | undefined): string {
    if (emitted === undefined) return '';
    const texts = new Set(emitted.map((e) => JSON.stringify(e)));
    const shown = values.filter((v) => texts.has(JSON.stringify(v)));
    if (shown.length === 0) return " (standin's world emits none of them: only a client's write makes them)";
    if (shown.length < values.length) return ` (standin's world emits ${quoteAll(shown)})`;
    return values.length === 1 ? " (standin's world emits it)" : " (standin's world emits them all)";
  }

  #lengths(s: Shape, p: Shape, direction: Direction): void {
    for (const bound of LENGTH_BOUNDS) {
      const applies = bound.endsWith('Length')
        ? canBe(s, 'string') && canBe(p, 'string')
        : canBe(s, 'array') && canBe(p, 'array');
      if (!applies) continue;
      const sv = s.lengths[bound];
      const pv = p.lengths[bound];
      if (sv === pv) continue;
      const upper = bound.startsWith('max');
      const limit = (v: number | undefined) => v ?? (upper ? Infinity : 0);
      const standinMore = upper ? limit(sv) > limit(pv) : limit(sv) < limit(pv);
      const name = this.#name(keywordPointer(s, bound));
      this.#add(
        judge(direction, standinMore, !standinMore),
        'length',
        s,
        p,
        bound,
        `\`${name}\`: standin's ${bound} is ${sv ?? 'none'}, production's ${pv ?? 'none'}`,
      );
    }
  }

  #range(s: Shape, p: Shape, direction: Direction): void {
    const bounds = [
      ['minimum', s.minimum, p.minimum, lowerWider, 'at least'],
      ['maximum', s.maximum, p.maximum, upperWider, 'at most'],
    ] as const;
    for (const [keyword, sb, pb, wider, words] of bounds) {
      const standinMore = wider(sb, pb);
      const productionMore = wider(pb, sb);
      if (!standinMore && !productionMore) continue;
      const name = this.#name(keywordPointer(s, keyword));
      this.#add(
        judge(direction, standinMore, productionMore),
        'range',
        s,
        p,
        keyword,
        `\`${name}\`: standin ${verb(direction)} ${boundText(sb, words)}, production ${boundText(pb, words)}`,
      );
    }
  }

  #properties(s: Shape, p: Shape, direction: Direction, depth: number): void {
    const { standin, production } = this.#pair;
    // A read-only field is no input, a write-only one no output: such a field is absent in that direction.
    const present = (shape: Shape, document: typeof standin, name: string): Site | undefined => {
      const site = shape.properties.get(name);
      if (!site) return undefined;
      const own = shapeOf(document, site);
      return (direction === 'input' ? own.readOnly : own.writeOnly) ? undefined : site;
    };
    const names = [...new Set([...s.properties.keys(), ...p.properties.keys()])];
    const field = direction === 'input' ? 'request-field' : 'response-field';
    // The object that holds the fields: for a nullable $ref (`oneOf: [$ref, null]`), the $ref's target.
    const ours = keywordPointer(s, 'properties');
    const theirs = keywordPointer(p, 'properties');
    const where = this.#name(ours);
    for (const name of names) {
      const ss = present(s, standin, name);
      const ps = present(p, production, name);
      if (ss && !ps) {
        this.#report({
          category: 'breaking',
          kind: field,
          only: 'standin',
          standin: ss.pointer,
          production: theirs,
          message:
            direction === 'input'
              ? `\`${where}.${name}\`: standin accepts it; production does not declare it, so what a client writes there is lost or refused`
              : `\`${where}.${name}\`: standin answers it; production's answer does not have it`,
        });
      } else if (ps && !ss) {
        const required = p.required.has(name);
        this.#report({
          category: direction === 'input' && required ? 'breaking' : 'missing',
          kind: field,
          only: 'production',
          standin: ours,
          production: ps.pointer,
          message:
            direction === 'input'
              ? `\`${where}.${name}\`: production ${required ? 'requires' : 'accepts'} it; standin does not have it`
              : `\`${where}.${name}\`: production answers it; standin does not`,
        });
      } else if (ss && ps) {
        const sr = s.required.has(name);
        const pr = p.required.has(name);
        const required = requiredFinding(
          direction,
          sr,
          pr,
          ss.pointer,
          ps.pointer,
          direction === 'input'
            ? `\`${where}.${name}\`: ${pr ? 'production requires it, standin does not' : 'standin requires it, production does not'}`
            : `\`${where}.${name}\`: ${sr ? 'standin always answers it, production may leave it out' : 'production always answers it, standin may leave it out'}`,
        );
        if (required) this.#report(required);
        this.compare(ss, ps, direction, depth + 1);
      }
    }
  }

  #variants(s: Shape, p: Shape, direction: Direction, depth: number): void {
    if (!s.variants && !p.variants) return;
    const name = this.#name(s.pointer);
    if (!s.variants || !p.variants) {
      this.#report({
        category: 'breaking',
        kind: 'variant',
        standin: s.pointer,
        production: p.pointer,
        message: `\`${name}\`: standin ${verb(direction)} ${s.variants ? `one of ${s.variants.length} shapes` : 'one shape'}, production ${p.variants ? `one of ${p.variants.length}` : 'one'}`,
      });
      return;
    }
    const { standin, production } = this.#pair;
    const described = (sites: readonly Site[], document: typeof standin) =>
      sites.map((site) => {
        const shape = shapeOf(document, site);
        return { site, shape, ...schemaNames(shape, document) };
      });
    const left = described(s.variants, standin);
    const unpaired = described(p.variants, production);
    const pairs: Array<[Site, Site]> = [];
    const take = (ours: (typeof left)[number], theirs: (typeof unpaired)[number]) => {
      pairs.push([ours.site, theirs.site]);
      left.splice(left.indexOf(ours), 1);
      unpaired.splice(unpaired.indexOf(theirs), 1);
    };
    // By the component each names, then by the constants each holds (a renamed component, its `type` kept), then
    // each left by the one most alike (a reordered anyOf of a uuid and a date).
    for (const names of ['component', 'constants'] as const)
      for (const ours of [...left]) {
        const theirs = ours[names] === undefined ? undefined : unpaired.find((t) => t[names] === ours[names]);
        if (theirs) take(ours, theirs);
      }
    for (const ours of [...left]) {
      let best: (typeof unpaired)[number] | undefined;
      for (const theirs of unpaired)
        if (!best || likeness(ours.shape, theirs.shape) > likeness(ours.shape, best.shape)) best = theirs;
      if (best) take(ours, best);
    }
    for (const variant of left)
      this.#report({
        category: 'breaking',
        kind: 'variant',
        only: 'standin',
        standin: variant.site.pointer,
        production: p.pointer,
        message: `\`${name}\`: standin ${verb(direction)} a shape (${this.#name(variant.site.pointer)}) production does not`,
      });
    for (const variant of unpaired)
      this.#report({
        category: direction === 'input' ? 'compatible' : 'breaking',
        kind: 'variant',
        only: 'production',
        standin: s.pointer,
        production: variant.site.pointer,
        message: `\`${name}\`: production ${verb(direction)} a shape standin does not`,
      });
    for (const [a, b] of pairs) this.compare(a, b, direction, depth + 1);
  }

  #prose(s: Shape, p: Shape): void {
    const sd = prose(s.description);
    const pd = prose(p.description);
    if (sd !== undefined && pd !== undefined && sd !== pd)
      this.#add(
        'compatible',
        'description',
        s,
        p,
        'description',
        `\`${this.#name(keywordPointer(s, 'description'))}\`: the descriptions differ`,
      );
    if (s.examples !== undefined && p.examples !== undefined && !sameValue(s.examples, p.examples))
      this.#add(
        'compatible',
        'example',
        s,
        p,
        'examples',
        `\`${this.#name(keywordPointer(s, 'examples'))}\`: the examples differ`,
      );
    if (s.deprecated !== p.deprecated)
      this.#report({
        category: 'compatible',
        kind: 'deprecated',
        standin: s.pointer,
        production: p.pointer,
        message: `\`${this.#name(s.pointer)}\`: ${p.deprecated ? 'production' : 'standin'} marks it deprecated`,
      });
  }
}
