// The component schemas a mock checks its own records against when it restores a state (verify-world.ts). A page
// with persist: 'local' restores while createMock runs, synchronously, so the generated module it loads first
// carries these validators beside the request validators; every other check (responses, the other schemas) waits
// in a module a page loads only when one is asked for (generate-specs.ts, loadSpecChecks).

/**
 * The schemas of the records a restored world is checked against: each record kind's on the wire
 * (src/http/wire-kinds.ts, which this layer may not import; test/record-kinds.test.ts holds the two equal).
 */
export const WORLD_SCHEMAS = [
  'Person',
  'TeamDetail',
  'Goal',
  'GoalUpdate',
  'CheckIn',
  'EchoQuestion',
  'EchoAnswer',
  'Comment',
  'Reaction',
  'Activity',
] as const;

export type WorldSchema = (typeof WORLD_SCHEMAS)[number];
