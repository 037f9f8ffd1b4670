import type { CodeInfo } from '../codes.js';

/** The codes of the security analysis (RFC 3986 §7). They never affect `valid`. */
export const SECURITY_CODES = {} as const satisfies Record<string, CodeInfo>;
