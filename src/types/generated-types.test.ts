// The committed types of both specs are the ones the specs give today: a spec change without `npm run types`
// fails here, before a typed client could drift from the API it calls.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generatedTypes, TYPE_FILES } from './generate-types.js';

describe('the specs types', () => {
  it('are up to date with spec/openapi.yaml and spec/control.yaml (npm run types writes them)', async () => {
    const fresh = await generatedTypes();
    expect(readFileSync(TYPE_FILES.api, 'utf8'), 'src/types/api.ts is stale: npm run types').toBe(fresh.api);
    expect(readFileSync(TYPE_FILES.control, 'utf8'), 'src/types/control.ts is stale: npm run types').toBe(
      fresh.control,
    );
  });
});
