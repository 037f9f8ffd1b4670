import type { CodeInfo } from '../codes.js';

/** The codes of the scheme-specific rules and scheme knowledge (spec §8, §9). They never affect `valid`. */
export const SCHEME_CODES = {} as const satisfies Record<string, CodeInfo>;
