// The shape of specs.js, the module build-validators.ts generates beside this file (which is not committed):
// both spec documents, the hash of their texts, and each validator under an export name found through KEYS.
import type { OpenAPIV3_1 } from 'openapi-types';

export declare const API_DOCUMENT: OpenAPIV3_1.Document;
export declare const CONTROL_DOCUMENT: OpenAPIV3_1.Document;
/** `api:<key>` or `control:<key>` → the export name of its validator. */
export declare const KEYS: Record<string, string>;
/** The hash of the spec files' texts it was generated from (spec-hash.ts). */
export declare const SPEC_HASH: string;
