import { UriError } from './errors.js';

/** The five components of RFC 3986 §3 as strings; `undefined` means the component is absent. */
export interface UriComponents {
  scheme?: string | undefined;
  authority?: string | undefined;
  path: string;
  query?: string | undefined;
  fragment?: string | undefined;
}

/**
 * Component recomposition (RFC 3986 §5.3). A defined-but-empty component keeps
 * its delimiter. Components that would read back differently throw a `UriError`
 * rather than return a wrong reference:
 * - `path-double-slash-without-authority`: no authority and a path starting with `//`
 *   (it would read as an authority; write `/.//…`);
 * - `path-colon-in-first-segment`: no scheme, no authority and a `:` in the first
 *   segment (it would read as a scheme; write `./…`);
 * - `path-not-absolute-with-authority`: an authority and a path that is neither
 *   empty nor starts with `/` (§3.3).
 */
export function recompose(components: UriComponents): string {
  const { scheme, authority, path, query, fragment } = components;
  let out = '';
  if (scheme !== undefined) out += scheme + ':';
  if (authority !== undefined) {
    if (path !== '' && path.charCodeAt(0) !== 0x2f) {
      throw new UriError('path-not-absolute-with-authority', `With an authority the path must be empty or start with "/"; "${path}" does not (RFC 3986 §3.3).`);
    }
    out += '//' + authority;
  } else if (path.startsWith('//')) {
    throw new UriError(
      'path-double-slash-without-authority',
      `Without an authority a path cannot start with "//": "${path}" would read as an authority; write "/.${path}" (RFC 3986 §3.3).`,
    );
  } else if (scheme === undefined) {
    const slash = path.indexOf('/');
    const colon = path.indexOf(':');
    if (colon >= 0 && (slash < 0 || colon < slash)) {
      throw new UriError(
        'path-colon-in-first-segment',
        `Without a scheme the first segment cannot contain ":": "${path}" would read as a scheme; write "./${path}" (RFC 3986 §4.2).`,
      );
    }
  }
  out += path;
  if (query !== undefined) out += '?' + query;
  if (fragment !== undefined) out += '#' + fragment;
  return out;
}
