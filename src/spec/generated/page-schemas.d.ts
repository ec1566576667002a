// The shape of page-schemas.js, the module build-validators.ts generates beside this file (which is not committed):
// what page-documents.js leaves for later, the API's component schemas and webhooks without their prose, loaded by
// a page's first /mcp request (page-document.ts' laterPageParts), and the hash of the spec texts.
import type { LaterPageParts } from '../page-document.js';

export declare const API_LATER: LaterPageParts;
/** The hash of the spec files' texts it was generated from (spec-hash.ts). */
export declare const SPEC_HASH: string;
