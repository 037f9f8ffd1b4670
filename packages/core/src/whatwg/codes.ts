import type { CodeInfo } from '../codes.js';

/** The codes of the differences between RFC 3986 and the WHATWG URL Standard (spec §10). They never affect `valid`. */
export const WHATWG_CODES = {} as const satisfies Record<string, CodeInfo>;
