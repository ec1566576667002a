// The shape of spec-check-parts.js, the module build-validators.ts generates beside this file (which is not
// committed): the hash of the spec texts it was generated from, and what loads the checks' parts
// (spec-checks-0.js, …), which hold the validators specs.js's KEYS name that a page needs only when it checks a
// control's request, a response or a schema, each under its export name.
import type { GeneratedChecks } from '../generated-source.js';

/** The hash of the spec files' texts it was generated from (spec-hash.ts). */
export declare const SPEC_HASH: string;
/** Imports every part, each a module (in a bundle, a chunk) of its own. */
export declare function loadParts(): Promise<GeneratedChecks[]>;
