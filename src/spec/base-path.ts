// Where the API lives on the mock: one constant for the app, the overrides, the MSW adapter and the pages.

/** The API's base path (spec/openapi.yaml's server URL ends with it). */
export const BASE_PATH = '/api/v2';
