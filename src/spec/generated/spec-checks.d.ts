// The shape of spec-checks.js, the module build-validators.ts generates beside this file (which is not
// committed): the hash of the spec texts it was generated from, and the validators specs.js's KEYS name that a
// page needs only when it checks a control's request, a response or a schema, each under its export name; Node
// loads it at start, a page its parts (spec-check-parts.d.ts).

/** The hash of the spec files' texts it was generated from (spec-hash.ts). */
export declare const SPEC_HASH: string;
