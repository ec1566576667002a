// The shape of spec-world.js, the module build-validators.ts generates beside this file (which is not committed):
// the hash of the spec texts it was generated from, and the validators of the world's schemas (world-schemas.ts),
// each under the export name specs.js's KEYS gives it; loaded by Node at start, and by a page only when it restores a
// world (a kept one, persist: 'local', or a control's), so that a first visit's first answer does not wait for them.

/** The hash of the spec files' texts it was generated from (spec-hash.ts). */
export declare const SPEC_HASH: string;
