// compareToolLists on lists made by hand: a schema written with `$defs` (as Python's MCP servers write theirs)
// reads as the same schema written out, its `$ref`s led inside the tool's own schema; an output schema on one
// side only is one change, judged by who has it.
import { describe, expect, it } from 'vitest';
import { compareToolLists } from './compare-mcp-tools.js';
import { toolListOf } from './mcp-tool-list.js';

const STATUS = { type: 'string', enum: ['on_track', 'at_risk'] };

const standin = toolListOf(
  {
    tools: [
      {
        name: 'get_goals',
        inputSchema: { type: 'object', properties: { status: STATUS }, required: [] },
        outputSchema: { type: 'object', properties: { items: { type: 'array' } }, required: ['items'] },
      },
    ],
  },
  'standin',
);

describe('compareToolLists', () => {
  it('follows `#/$defs/…` inside the tool’s schema: the same meaning, no change', () => {
    const production = toolListOf(
      [
        {
          name: 'get_goals',
          inputSchema: {
            type: 'object',
            $defs: { Status: STATUS },
            properties: { status: { $ref: '#/$defs/Status' } },
          },
          outputSchema: { type: 'object', properties: { items: { type: 'array' } }, required: ['items'] },
        },
      ],
      'production',
    );
    expect(compareToolLists({ standin, production })).toEqual({
      summary: { breaking: 0, missing: 0, compatible: 0 },
      changes: [],
    });
  });

  it('standin alone declaring a result is breaking', () => {
    const production = toolListOf(
      { tools: [{ name: 'get_goals', inputSchema: standin.tools[0]?.inputSchema }] },
      'production',
    );
    expect(compareToolLists({ standin, production, rules: () => ['MCP2'] }).changes).toEqual([
      {
        category: 'breaking',
        kind: 'output-schema',
        operation: 'get_goals',
        production_pointer: '/tools/0',
        standin_pointer: '/tools/0/outputSchema',
        message:
          "`get_goals`: standin's result has structured content (an outputSchema); production declares none, so a client reading it finds nothing",
        rules: ['MCP2'],
      },
    ]);
  });

  it('production alone declaring a result is missing', () => {
    const production = toolListOf([...standin.tools], 'production');
    const withoutResult = toolListOf(
      [{ name: 'get_goals', inputSchema: standin.tools[0]?.inputSchema }],
      'standin without a result',
    );
    expect(compareToolLists({ standin: withoutResult, production }).changes).toEqual([
      {
        category: 'missing',
        kind: 'output-schema',
        operation: 'get_goals',
        production_pointer: '/0/outputSchema',
        standin_pointer: '/0',
        message: "`get_goals`: production's result has structured content (an outputSchema); standin's has none",
        rules: [],
      },
    ]);
  });
});
