// An MCP server's tool list as `standin drift --mcp` reads it: a saved `tools/list` (the JSON-RPC response
// `{result: {tools}}`, its result `{tools}`, or the bare array) or what a server answered, each tool found by its
// name with the pointer to it, and refused in one line (DescriptionError) when it is no tool list.
import { DescriptionError } from './description-error.js';
import { childPointer, isObject, type JsonObject } from './json-pointer.js';

/** One tool of a list: its name, where it is in the list's document, and what the server says of it. */
export interface ListedTool {
  readonly name: string;
  readonly pointer: string;
  readonly description?: string;
  readonly inputSchema: JsonObject;
  readonly outputSchema?: JsonObject;
}

/** A tool list ready to compare. */
export interface ToolList {
  /** Where it came from (a file, a URL), for messages. */
  readonly label: string;
  /** Where the tools array is in its document: `/result/tools`, `/tools`, or `` for a bare array. */
  readonly pointer: string;
  readonly tools: readonly ListedTool[];
}

const SHAPES = 'give tools/list\'s answer: {"result": {"tools": [...]}}, {"tools": [...]} or the array';

/** The tools array of a saved answer, and where it is. */
function toolsArray(root: unknown, label: string): { array: unknown[]; pointer: string } {
  if (Array.isArray(root)) return { array: root, pointer: '' };
  if (!isObject(root)) throw new DescriptionError(`${label} is no tool list: ${SHAPES}`);
  if (Array.isArray(root.tools)) return { array: root.tools, pointer: '/tools' };
  if (isObject(root.result) && Array.isArray(root.result.tools))
    return { array: root.result.tools, pointer: '/result/tools' };
  if (isObject(root.error)) {
    const message = typeof root.error.message === 'string' ? `: ${root.error.message.slice(0, 120)}` : '';
    throw new DescriptionError(`${label} is a JSON-RPC error, not tools/list's answer${message}`);
  }
  throw new DescriptionError(`${label} has no tools array: ${SHAPES}`);
}

/**
 * The tools of a parsed answer; `DescriptionError` saying why when it is no tool list.
 * @example toolListOf(await client.listTools(), 'https://mcp.example.com/mcp').tools.map((t) => t.name)
 */
export function toolListOf(root: unknown, label: string): ToolList {
  const { array, pointer } = toolsArray(root, label);
  const at = new Map<string, string>();
  const tools = array.map((value, i): ListedTool => {
    const place = childPointer(pointer, i);
    if (!isObject(value) || typeof value.name !== 'string' || value.name === '')
      throw new DescriptionError(`${label}: the tool at ${place} has no name`);
    const { name, description, inputSchema, outputSchema } = value;
    const earlier = at.get(name);
    if (earlier !== undefined)
      throw new DescriptionError(`${label} lists the tool ${name} twice, at ${earlier} and ${place}`);
    at.set(name, place);
    // MCP requires an input schema of every tool (an object's, even when it takes no argument).
    if (!isObject(inputSchema))
      throw new DescriptionError(`${label}: the tool ${name} (${place}) has no inputSchema object`);
    if (outputSchema !== undefined && !isObject(outputSchema))
      throw new DescriptionError(`${label}: the tool ${name} (${place}) has an outputSchema that is no object`);
    return {
      name,
      pointer: place,
      ...(typeof description === 'string' ? { description } : {}),
      inputSchema,
      ...(outputSchema !== undefined ? { outputSchema } : {}),
    };
  });
  return { label, pointer, tools };
}

/**
 * A saved tools/list from its text.
 * @example readToolList(readFileSync('tools.json', 'utf8'), 'tools.json')
 */
export function readToolList(text: string, label: string): ToolList {
  if (text.trim() === '') throw new DescriptionError(`${label} is empty: ${SHAPES}`);
  let root: unknown;
  try {
    root = JSON.parse(text);
  } catch (error) {
    // JSON.parse's message quotes the text, line breaks and all: one line of it.
    throw new DescriptionError(`${label} is not JSON: ${(error as Error).message.replace(/\s+/g, ' ').slice(0, 160)}`);
  }
  return toolListOf(root, label);
}
