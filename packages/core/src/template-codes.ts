import type { CodeInfo } from './codes.js';

/**
 * The codes of RFC 6570 URI Templates (`/users/{id}`): a template is a URI only once it is
 * expanded, so these are reported where a string goes to a request as it is written.
 */
export const TEMPLATE_CODES = {
  'template-unexpanded': {
    severity: 'warning',
    spec: 'RFC 6570 §2.2',
    summary: 'An RFC 6570 expression (`{userId}`) left in a URL that is requested as it is written: it is sent as `%7BuserId%7D`, never as a value.',
    example: '/users/{userId}/repos',
    fix: '—',
  },
} as const satisfies Record<string, CodeInfo>;
