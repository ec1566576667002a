// The shape of specs.js, the module build-validators.ts generates beside this file (which is not committed): the
// hash of the spec texts, and each validator under an export name found through KEYS.

/** `api:<key>` or `control:<key>` → the export name of its validator. */
export declare const KEYS: Record<string, string>;
/** The hash of the spec files' texts it was generated from (spec-hash.ts). */
export declare const SPEC_HASH: string;
