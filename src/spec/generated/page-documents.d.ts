// The shape of page-documents.js, the module build-validators.ts generates beside this file (which is not
// committed): both spec documents without their prose, as a page carries them (page-document.ts), and the hash of
// their texts.
import type { OpenAPIV3_1 } from 'openapi-types';

export declare const API_DOCUMENT: OpenAPIV3_1.Document;
export declare const CONTROL_DOCUMENT: OpenAPIV3_1.Document;
/** The hash of the spec files' texts it was generated from (spec-hash.ts). */
export declare const SPEC_HASH: string;
