// JSON as the page shows it: pretty-printed with two spaces, as JSON.stringify would, and every record's id a
// link that opens that record (record-view.ts answers the links' clicks).
import { text } from './dom.js';
import { collectionOf, pathOfKey, pathOfType } from './record-paths.js';

type Json = Record<string, unknown>;

/**
 * A link that opens a record (`/goals/<id>`) in the record view: a button naming the record in `data-record`.
 * @example item.append(recordLink('Ship the beta', '/goals/2f0c…'))
 */
export function recordLink(label: string, path: string): HTMLButtonElement {
  const link = text('button', label, 'link') as HTMLButtonElement;
  link.type = 'button';
  link.dataset.record = path;
  return link;
}

/**
 * A JSON value pretty-printed (two spaces) as text and, for the id of each record it names (a goal's owner,
 * teams, parent, …), a link that opens that record. `path` is where records of the value's kind are read.
 * @example pre.append(...jsonNodes(goal, '', '/goals'))
 */
export function jsonNodes(value: unknown, indent = '', path?: string): Array<Node | string> {
  if (Array.isArray(value)) {
    if (value.length === 0) return ['[]'];
    const inner = `${indent}  `;
    return [
      '[\n',
      ...value.flatMap((item, i) => [inner, ...jsonNodes(item, inner, path), i < value.length - 1 ? ',\n' : '\n']),
      `${indent}]`,
    ];
  }
  if (value === null || typeof value !== 'object') return [JSON.stringify(value)];
  const entries = Object.entries(value as Json);
  if (entries.length === 0) return ['{}'];
  const inner = `${indent}  `;
  const type = (value as Json).type;
  const kind = (typeof type === 'string' ? pathOfType(type) : undefined) ?? path;
  return [
    '{\n',
    ...entries.flatMap(([key, item], i) => [
      `${inner}${JSON.stringify(key)}: `,
      ...(key === 'id' && typeof item === 'string' && kind
        ? [recordLink(JSON.stringify(item), `${kind}/${item}`)]
        : jsonNodes(item, inner, pathOfKey(key))),
      i < entries.length - 1 ? ',\n' : '\n',
    ]),
    `${indent}}`,
  ];
}

/**
 * A body as the journal keeps it: pretty-printed if it is JSON, else as it is (a cut one is not); the records
 * of an answer to `path` link to themselves.
 * @example cell.append(bodyBlock(entry.response_body, entry.path))
 */
export function bodyBlock(body: string | null, path?: string): HTMLElement {
  const block = document.createElement('pre');
  if (body === null) {
    block.textContent = '(no body)';
    return block;
  }
  try {
    block.append(...jsonNodes(JSON.parse(body) as unknown, '', path === undefined ? undefined : collectionOf(path)));
  } catch {
    block.textContent = body;
  }
  return block;
}
