// Compares one operation (or webhook) of standin's with production's counterpart: its security, parameters
// (with an array's wire form), request body, statuses, answer headers and media types, handing each schema to
// SchemaComparison in the direction its values travel.
import { schemaNames, SchemaComparison } from './compare-schemas.js';
import type { DescriptionDocument } from './description-document.js';
import type { ChangeKind } from './drift-change.js';
import { judge, requiredFinding, verb, type ComparedPair, type Direction, type ReportFinding } from './finding.js';
import { childPointer, isObject, type JsonObject } from './json-pointer.js';
import { resolveSite, shapeOf, type Site } from './schema-shape.js';

/** What an operation and a webhook have alike for comparison. */
export interface ComparedOperation {
  readonly label: string;
  readonly pointer: string;
  readonly value: JsonObject;
  readonly pathPointer: string;
  readonly pathItem: JsonObject;
  /** The path as written, for the position of its template segments. */
  readonly path?: string;
}

interface Parameter {
  readonly key: string;
  readonly name: string;
  readonly in: string;
  readonly pointer: string;
  readonly value: JsonObject;
}

/** Headers OpenAPI says a description's parameters cannot define: its own keywords carry them. */
const IGNORED_HEADERS: ReadonlySet<string> = new Set(['accept', 'content-type', 'authorization']);

/** A parameter's identity on the wire: a query name without its brackets, a header in lower case, a path segment by place. */
function parameterKey(name: string, location: string, path: string | undefined): string {
  if (location === 'header') return `header ${name.toLowerCase()}`;
  if (location === 'path') {
    const segments: string[] = (path ?? '').match(/\{[^}]*\}/g) ?? [];
    const at = segments.indexOf(`{${name}}`);
    return `path ${at < 0 ? name : at}`;
  }
  return `${location} ${name.replace(/\[\]$/, '')}`;
}

function parametersOf(document: DescriptionDocument, operation: ComparedOperation): Parameter[] {
  const found = new Map<string, Parameter>();
  const read = (list: unknown, pointer: string) => {
    if (!Array.isArray(list)) return;
    list.forEach((item, i) => {
      const { value, pointer: at } = resolveSite(document, { value: item, pointer: childPointer(pointer, i) });
      if (typeof value.name !== 'string' || typeof value.in !== 'string') return;
      if (value.in === 'header' && IGNORED_HEADERS.has(value.name.toLowerCase())) return;
      const key = parameterKey(value.name, value.in, operation.path);
      // The operation's own parameter replaces the path item's of the same name and place.
      found.set(key, { key, name: value.name, in: value.in, pointer: at, value });
    });
  };
  read(operation.pathItem.parameters, childPointer(operation.pathPointer, 'parameters'));
  read(operation.value.parameters, childPointer(operation.pointer, 'parameters'));
  return [...found.values()];
}

/** A parameter's schema, from `schema` or its one media type's. */
function parameterSchema(parameter: Parameter): Site | undefined {
  if (parameter.value.schema !== undefined)
    return { value: parameter.value.schema, pointer: childPointer(parameter.pointer, 'schema') };
  const content = parameter.value.content;
  if (!isObject(content)) return undefined;
  const type = Object.keys(content)[0];
  const media = type === undefined ? undefined : content[type];
  if (!isObject(media) || media.schema === undefined) return undefined;
  return {
    value: media.schema,
    pointer: childPointer(childPointer(childPointer(parameter.pointer, 'content'), type ?? ''), 'schema'),
  };
}

/** How an array parameter is written in a query: `ids[]=a&ids[]=b`, `ids=a&ids=b`, `ids=a,b`, …; undefined for no array. */
function arrayForm(document: DescriptionDocument, parameter: Parameter): string | undefined {
  const schema = parameterSchema(parameter);
  if (!schema || parameter.in !== 'query' || !shapeOf(document, schema).types?.has('array')) return undefined;
  const name = parameter.name;
  const style = typeof parameter.value.style === 'string' ? parameter.value.style : 'form';
  const explode = typeof parameter.value.explode === 'boolean' ? parameter.value.explode : style === 'form';
  if (style === 'form') return explode ? `${name}=a&${name}=b` : `${name}=a,b`;
  if (style === 'spaceDelimited') return `${name}=a%20b`;
  if (style === 'pipeDelimited') return `${name}=a|b`;
  return `${name} (${style})`;
}

/** `application/json; charset=utf-8` as `application/json`. */
function mediaType(type: string): string {
  return (type.split(';')[0] ?? '').trim().toLowerCase();
}

const isJson = (type: string) => /^[^/]+\/([^/]+\+)?json$/.test(type);

/** A text as prose compares: white space folded. */
const prose = (text: unknown) => (typeof text === 'string' ? text.replace(/\s+/g, ' ').trim() : undefined);

/**
 * The status an answer of standin's is documented under in production: the code, its range (`4XX`), or for an
 * error `default` (which describes production's errors: a success or a 304 is never taken for one).
 */
function matchingStatus(code: string, theirs: readonly string[]): string | undefined {
  if (theirs.includes(code)) return code;
  const range = theirs.find((t) => t.toUpperCase() === `${code[0]}XX`);
  if (range) return range;
  return /^[45]/.test(code) && theirs.includes('default') ? 'default' : undefined;
}

const isSuccess = (code: string) => /^2/.test(code);

/**
 * What a webhook's payload holds constant (`type="check-in.completed"`), by which two named differently pair.
 * @example payloadConstants(standin, hook) // 'type="comment.created"'
 */
export function payloadConstants(document: DescriptionDocument, hook: ComparedOperation): string | undefined {
  if (hook.value.requestBody === undefined) return undefined;
  const body = resolveSite(document, {
    value: hook.value.requestBody,
    pointer: childPointer(hook.pointer, 'requestBody'),
  });
  const content = isObject(body.value.content) ? body.value.content : {};
  const type = Object.keys(content).find((t) => isJson(mediaType(t)));
  const media = type === undefined ? undefined : content[type];
  if (!isObject(media) || media.schema === undefined) return undefined;
  const site = {
    value: media.schema,
    pointer: childPointer(childPointer(childPointer(body.pointer, 'content'), type ?? ''), 'schema'),
  };
  return schemaNames(shapeOf(document, site), document).constants;
}

/**
 * One operation's walk.
 * @example new OperationComparison(pair, report).compare(standinGetGoals, productionGetGoals, 'input')
 */
export class OperationComparison {
  readonly #pair: ComparedPair;
  readonly #report: ReportFinding;
  readonly #schemas: SchemaComparison;

  constructor(pair: ComparedPair, report: ReportFinding) {
    this.#pair = pair;
    this.#report = report;
    this.#schemas = new SchemaComparison(pair, report);
  }

  /** What standin has and production lacks: a client built against standin would fail against production. */
  #onlyStandin(kind: ChangeKind, standin: string, production: string, message: string): void {
    this.#report({ category: 'breaking', kind, only: 'standin', standin, production, message });
  }

  /**
   * What production has and standin lacks: missing from standin, or breaking where a client must send it to
   * production (a required input).
   */
  #onlyProduction(kind: ChangeKind, standin: string, production: string, message: string, requiredInput = false): void {
    this.#report({
      category: requiredInput ? 'breaking' : 'missing',
      kind,
      only: 'production',
      standin,
      production,
      message,
    });
  }

  /** `input`: an operation a client calls; `output`: a webhook it receives, whose request it is sent. */
  compare(s: ComparedOperation, p: ComparedOperation, direction: Direction): void {
    if (direction === 'input') this.#security(s, p);
    this.#parameters(s, p, direction);
    this.#requestBody(s, p, direction);
    if (direction === 'input') this.#responses(s, p);
    // A summary or a description on one side only says nothing different: only two that differ are told.
    const differ = (['summary', 'description'] as const).filter((key) => {
      const ours = prose(s.value[key]);
      const theirs = prose(p.value[key]);
      return ours !== undefined && theirs !== undefined && ours !== theirs;
    });
    if (differ.length > 0)
      this.#report({
        category: 'compatible',
        kind: 'description',
        standin: s.pointer,
        production: p.pointer,
        message: `the ${differ.length === 2 ? 'summaries and descriptions' : `${differ[0]}s`} of the ${direction === 'input' ? 'operation' : 'webhook'} differ`,
      });
    if (p.value.deprecated === true && s.value.deprecated !== true)
      this.#report({
        category: 'compatible',
        kind: 'deprecated',
        standin: s.pointer,
        production: p.pointer,
        message: `production marks the ${direction === 'input' ? 'operation' : 'webhook'} deprecated`,
      });
  }

  #security(s: ComparedOperation, p: ComparedOperation): void {
    const { standin, production } = this.#pair;
    const sRequirement = this.#requirement(standin, s);
    const pRequirement = this.#requirement(production, p);
    const standinMore = [...sRequirement.ways].some((w) => !pRequirement.ways.has(w));
    const productionMore = [...pRequirement.ways].some((w) => !sRequirement.ways.has(w));
    const category = judge('input', standinMore, productionMore);
    if (category === null) return;
    const show = (ways: ReadonlySet<string>) => [...ways].sort().join(' or ');
    this.#report({
      category,
      kind: 'security',
      standin: sRequirement.pointer,
      production: pRequirement.pointer,
      message: `standin takes ${show(sRequirement.ways)}, production ${show(pRequirement.ways)}`,
      ...(sRequirement.schemes[0] ? { rulesAt: sRequirement.schemes[0] } : {}),
    });
  }

  /** The ways an operation may be called (each alternative's schemes, described by what they are, not named). */
  #requirement(
    document: DescriptionDocument,
    operation: ComparedOperation,
  ): { ways: Set<string>; pointer: string; schemes: string[] } {
    const own = operation.value.security;
    const list = Array.isArray(own) ? own : document.root.security;
    const pointer = Array.isArray(own) ? childPointer(operation.pointer, 'security') : '/security';
    const schemes =
      isObject(document.root.components) && isObject(document.root.components.securitySchemes)
        ? document.root.components.securitySchemes
        : {};
    const ways = new Set<string>();
    const used: string[] = [];
    if (!Array.isArray(list) || list.length === 0) ways.add('no credentials');
    else
      for (const alternative of list) {
        if (!isObject(alternative)) continue;
        const parts = Object.keys(alternative).map((name) => {
          const at = childPointer('/components/securitySchemes', name);
          used.push(at);
          const { value } = resolveSite(document, { value: schemes[name], pointer: at });
          const text = (key: string) => (typeof value[key] === 'string' ? value[key] : '');
          if (value.type === 'http') return `HTTP ${text('scheme').toLowerCase()}`;
          if (value.type === 'apiKey')
            return `an API key in ${text('in')} ${value.in === 'header' ? text('name').toLowerCase() : text('name')}`;
          return text('type') || name;
        });
        ways.add(parts.length === 0 ? 'no credentials' : parts.sort().join(' with '));
      }
    return { ways, pointer, schemes: used };
  }

  #parameters(s: ComparedOperation, p: ComparedOperation, direction: Direction): void {
    const { standin, production } = this.#pair;
    const ours = parametersOf(standin, s);
    const theirs = new Map(parametersOf(production, p).map((parameter) => [parameter.key, parameter]));
    const where = (parameter: Parameter) => `${parameter.in} parameter \`${parameter.name}\``;
    for (const sp of ours) {
      const pp = theirs.get(sp.key);
      theirs.delete(sp.key);
      if (!pp) {
        this.#onlyStandin(
          'parameter',
          sp.pointer,
          p.pointer,
          `standin ${direction === 'input' ? 'takes' : 'sends'} the ${where(sp)}; production does not declare it`,
        );
        continue;
      }
      const pr = pp.value.required === true;
      const required = requiredFinding(
        direction,
        sp.value.required === true,
        pr,
        sp.pointer,
        pp.pointer,
        `the ${where(sp)} is required in ${pr ? 'production' : 'standin'} only`,
      );
      if (required) this.#report(required);
      const sForm = arrayForm(standin, sp);
      const pForm = arrayForm(production, pp);
      if (sForm !== pForm && sForm !== undefined && pForm !== undefined)
        this.#report({
          category: 'breaking',
          kind: 'style',
          standin: sp.pointer,
          production: pp.pointer,
          message: `standin takes ${where(sp)} as \`${sForm}\`, production as \`${pForm}\``,
        });
      const ss = parameterSchema(sp);
      const ps = parameterSchema(pp);
      if (ss && ps) this.#schemas.compare(ss, ps, direction);
      if (pp.value.deprecated === true && sp.value.deprecated !== true)
        this.#report({
          category: 'compatible',
          kind: 'deprecated',
          standin: sp.pointer,
          production: pp.pointer,
          message: `production marks the ${where(sp)} deprecated`,
        });
      const sd = typeof sp.value.description === 'string' ? sp.value.description.replace(/\s+/g, ' ').trim() : '';
      const pd = typeof pp.value.description === 'string' ? pp.value.description.replace(/\s+/g, ' ').trim() : '';
      if (sd !== '' && pd !== '' && sd !== pd)
        this.#report({
          category: 'compatible',
          kind: 'description',
          standin: sp.pointer,
          production: pp.pointer,
          message: `the ${where(sp)}'s descriptions differ`,
        });
    }
    for (const pp of theirs.values()) {
      const required = pp.value.required === true;
      this.#onlyProduction(
        'parameter',
        s.pointer,
        pp.pointer,
        `production ${direction === 'input' ? (required ? 'requires' : 'takes') : 'sends'} the ${where(pp)}; standin does not`,
        direction === 'input' && required,
      );
    }
  }

  #requestBody(s: ComparedOperation, p: ComparedOperation, direction: Direction): void {
    const { standin, production } = this.#pair;
    const body = (document: DescriptionDocument, operation: ComparedOperation) =>
      operation.value.requestBody === undefined
        ? undefined
        : resolveSite(document, {
            value: operation.value.requestBody,
            pointer: childPointer(operation.pointer, 'requestBody'),
          });
    const sb = body(standin, s);
    const pb = body(production, p);
    if (!sb && !pb) return;
    if (sb && !pb) {
      this.#onlyStandin(
        'request-body',
        sb.pointer,
        p.pointer,
        `standin ${direction === 'input' ? 'reads' : 'sends'} a body; production's has none`,
      );
      return;
    }
    if (pb && !sb) {
      const required = pb.value.required === true;
      this.#onlyProduction(
        'request-body',
        s.pointer,
        pb.pointer,
        `production ${direction === 'input' ? (required ? 'requires' : 'reads') : 'sends'} a body; standin's has none`,
        direction === 'input' && required,
      );
      return;
    }
    if (!sb || !pb) return;
    const sr = sb.value.required === true;
    const pr = pb.value.required === true;
    if (direction === 'input' && sr !== pr)
      this.#report({
        category: pr ? 'breaking' : 'compatible',
        kind: 'required',
        standin: sb.pointer,
        production: pb.pointer,
        message: `the body is required in ${pr ? 'production' : 'standin'} only`,
      });
    this.#content(sb, pb, direction, 'the request');
  }

  #content(
    s: { value: JsonObject; pointer: string },
    p: { value: JsonObject; pointer: string },
    direction: Direction,
    what: string,
  ): void {
    const entries = (at: { value: JsonObject; pointer: string }) => {
      const content = isObject(at.value.content) ? at.value.content : {};
      return new Map(
        Object.keys(content).map((type) => [
          mediaType(type),
          { value: content[type], pointer: childPointer(childPointer(at.pointer, 'content'), type) },
        ]),
      );
    };
    const ours = entries(s);
    const theirs = entries(p);
    const pairs: Array<[string, string]> = [];
    for (const type of [...ours.keys()]) if (theirs.has(type)) pairs.push([type, type]);
    const ourRest = [...ours.keys()].filter((t) => !theirs.has(t));
    const theirRest = [...theirs.keys()].filter((t) => !ours.has(t));
    // One JSON type each side left (application/problem+json against application/json): the same body, named apart.
    const ourJson = ourRest.filter(isJson);
    const theirJson = theirRest.filter(isJson);
    if (ourJson.length === 1 && theirJson.length === 1 && ourJson[0] && theirJson[0]) {
      const [a, b] = [ourJson[0], theirJson[0]];
      pairs.push([a, b]);
      ourRest.splice(ourRest.indexOf(a), 1);
      theirRest.splice(theirRest.indexOf(b), 1);
      this.#report({
        category: 'breaking',
        kind: 'media-type',
        standin: ours.get(a)?.pointer ?? s.pointer,
        production: theirs.get(b)?.pointer ?? p.pointer,
        message: `${what} is \`${a}\` in standin, \`${b}\` in production`,
      });
    }
    for (const type of ourRest)
      this.#onlyStandin(
        'media-type',
        ours.get(type)?.pointer ?? s.pointer,
        p.pointer,
        `standin ${verb(direction)} ${what} as \`${type}\`; production does not`,
      );
    for (const type of theirRest)
      this.#onlyProduction(
        'media-type',
        s.pointer,
        theirs.get(type)?.pointer ?? p.pointer,
        `production ${verb(direction)} ${what} as \`${type}\`; standin does not`,
      );
    for (const [a, b] of pairs) {
      const sm = ours.get(a);
      const pm = theirs.get(b);
      if (!sm || !pm || !isObject(sm.value) || !isObject(pm.value)) continue;
      if (sm.value.schema === undefined || pm.value.schema === undefined) continue;
      this.#schemas.compare(
        { value: sm.value.schema, pointer: childPointer(sm.pointer, 'schema') },
        { value: pm.value.schema, pointer: childPointer(pm.pointer, 'schema') },
        direction,
      );
    }
  }

  #responses(s: ComparedOperation, p: ComparedOperation): void {
    const { standin, production } = this.#pair;
    const responses = (operation: ComparedOperation) =>
      isObject(operation.value.responses) ? operation.value.responses : {};
    const ours = responses(s);
    const theirs = responses(p);
    const theirCodes = Object.keys(theirs);
    const covered = new Set<string>();
    const at = (operation: ComparedOperation, code: string) =>
      childPointer(childPointer(operation.pointer, 'responses'), code);
    // A success each side answers alone (201 in standin, 200 in production) is one answer that changed its status.
    const lone = (codes: string[], other: string[]) =>
      codes.filter((c) => isSuccess(c) && matchingStatus(c, other) === undefined);
    const ourLone = lone(Object.keys(ours), theirCodes);
    const theirLone = lone(theirCodes, Object.keys(ours));
    const renamed = ourLone.length === 1 && theirLone.length === 1 ? theirLone[0] : undefined;
    for (const code of Object.keys(ours)) {
      let match = matchingStatus(code, theirCodes);
      if (match === undefined && renamed !== undefined && code === ourLone[0]) {
        match = renamed;
        this.#report({
          category: 'breaking',
          kind: 'status',
          standin: at(s, code),
          production: at(p, match),
          message: `standin answers ${code} where production answers ${match}`,
        });
      }
      if (match === undefined) {
        this.#onlyStandin(
          'status',
          at(s, code),
          childPointer(p.pointer, 'responses'),
          `standin answers ${code}; production does not document it`,
        );
        continue;
      }
      covered.add(match);
      const sr = resolveSite(standin, { value: ours[code], pointer: at(s, code) });
      const pr = resolveSite(production, { value: theirs[match], pointer: at(p, match) });
      this.#headers(code, match, sr, pr);
      this.#content(sr, pr, 'output', `the ${code} answer`);
    }
    for (const code of theirCodes) {
      // `default` is no status but what production answers for any other: nothing standin lacks.
      if (covered.has(code) || code === 'default') continue;
      this.#onlyProduction(
        'status',
        childPointer(s.pointer, 'responses'),
        at(p, code),
        `production may answer ${code}; standin never does`,
      );
    }
  }

  /** The headers of standin's answer `code` against production's `theirCode` (its own code, a range, default). */
  #headers(
    code: string,
    theirCode: string,
    s: { value: JsonObject; pointer: string },
    p: { value: JsonObject; pointer: string },
  ): void {
    const { standin, production } = this.#pair;
    const headers = (at: { value: JsonObject; pointer: string }) => {
      const all = isObject(at.value.headers) ? at.value.headers : {};
      return new Map(
        Object.keys(all)
          .filter((name) => name.toLowerCase() !== 'content-type')
          .map((name) => [
            name.toLowerCase(),
            { name, value: all[name], pointer: childPointer(childPointer(at.pointer, 'headers'), name) },
          ]),
      );
    };
    const ours = headers(s);
    const theirs = headers(p);
    for (const [key, header] of ours) {
      const match = theirs.get(key);
      if (!match) {
        this.#onlyStandin(
          'header',
          header.pointer,
          p.pointer,
          `standin's ${code} answer carries \`${header.name}\`; production's ${theirCode} answer does not`,
        );
        continue;
      }
      const sh = resolveSite(standin, header);
      const ph = resolveSite(production, match);
      if (sh.value.schema !== undefined && ph.value.schema !== undefined)
        this.#schemas.compare(
          { value: sh.value.schema, pointer: childPointer(sh.pointer, 'schema') },
          { value: ph.value.schema, pointer: childPointer(ph.pointer, 'schema') },
          'output',
        );
    }
    for (const [key, header] of theirs)
      if (!ours.has(key))
        this.#onlyProduction(
          'header',
          s.pointer,
          header.pointer,
          `production's ${theirCode} answer carries \`${header.name}\`; standin's ${code} answer does not`,
        );
  }
}
