// The shape of page-control-document.js, the module build-validators.ts generates beside this file (which is not
// committed): control.yaml's document without its prose (page-document.ts), which a page loads with its first
// /__mock request (spec-source.browser.ts), and the hash of the spec texts.
import type { OpenAPIV3_1 } from 'openapi-types';

export declare const CONTROL_DOCUMENT: OpenAPIV3_1.Document;
/** The hash of the spec files' texts it was generated from (spec-hash.ts). */
export declare const SPEC_HASH: string;
