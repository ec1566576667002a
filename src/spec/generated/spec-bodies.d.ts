// The shape of spec-bodies.js, the module build-validators.ts generates beside this file (which is not committed):
// the hash of the spec texts it was generated from, and the validators of the API's request bodies, each under the
// export name specs.js's KEYS gives it; loaded with the first request that sends a body (request-input.ts), so that
// a page's first answer, a read, does not wait for them.

/** The hash of the spec files' texts it was generated from (spec-hash.ts). */
export declare const SPEC_HASH: string;
