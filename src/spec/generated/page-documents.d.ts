// The shape of page-documents.js, the module build-validators.ts generates beside this file (which is not
// committed): the API's document without its prose, as a page carries it before its first answer
// (page-document.ts), and the hash of the spec texts. control.yaml's is page-control-document.js.
import type { OpenAPIV3_1 } from 'openapi-types';

export declare const API_DOCUMENT: OpenAPIV3_1.Document;
/** The hash of the spec files' texts it was generated from (spec-hash.ts). */
export declare const SPEC_HASH: string;
