// Where the API lives on the mock: one constant for the app, the overrides, the MSW adapter and the pages.

/** The API's base path (spec/openapi.yaml's server URL ends with it). */
export const BASE_PATH = '/api/v2';

/** Where the hooks live (WH1): at the service root, outside the base path (their path items' own `servers:`). */
export const HOOKS_PATH = '/hooks';

/**
 * Where an operation of spec/openapi.yaml is mounted: its path item's own server path (the hooks' service root,
 * `''`), else the API's base path.
 * @example mountOf(spec.operation('getMe')) + '/me' // '/api/v2/me'
 */
export function mountOf(op: { readonly base: string | null }): string {
  return op.base ?? BASE_PATH;
}
