import { UriError } from './errors.js';
import { parse } from './parse.js';
import { recompose, type UriComponents } from './recompose.js';
import type { ParseOptions, Span, UriReference } from './types.js';

export interface ResolveOptions extends ParseOptions {
  /**
   * Strict resolution (default). `{ strict: false }` honours the loophole of
   * §5.2.2 for backward compatibility: a reference whose scheme equals the
   * base's is read as relative (`http:g` against `http://a/b/c/d;p?q` gives
   * `http://a/b/c/g`).
   */
  strict?: boolean;
}

const slice = (ref: UriReference, span: Span | undefined): string | undefined =>
  span === undefined ? undefined : ref.input.slice(span.start, span.end);

/** The five components of a parsed reference, as strings (`undefined` when absent). */
export function componentsOf(ref: UriReference): UriComponents {
  return {
    scheme: slice(ref, ref.scheme),
    authority: slice(ref, ref.authority),
    path: ref.input.slice(ref.path.start, ref.path.end),
    query: slice(ref, ref.query),
    fragment: slice(ref, ref.fragment),
  };
}

function problems(ref: UriReference): string {
  const codes = [...new Set(ref.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code))];
  return codes.join(', ');
}

/**
 * remove_dot_segments (RFC 3986 §5.2.4), in one pass with a stack of output
 * segments, each kept with its leading "/".
 */
export function removeDotSegments(path: string): string {
  const output: string[] = [];
  const n = path.length;
  let i = 0;
  while (i < n) {
    // A. If the input begins with "../" or "./", remove that prefix.
    if (path.startsWith('../', i)) {
      i += 3;
    } else if (path.startsWith('./', i)) {
      i += 2;
    }
    // B. "/./" at the start, or "/." as the whole input: replace that prefix with "/".
    else if (path.startsWith('/./', i)) {
      i += 2;
    } else if (i + 2 === n && path.startsWith('/.', i)) {
      output.push('/');
      i = n;
    }
    // C. "/../" at the start, or "/.." as the whole input: replace with "/" and drop
    //    the last output segment with its preceding "/".
    else if (path.startsWith('/../', i)) {
      i += 3;
      output.pop();
    } else if (i + 3 === n && path.startsWith('/..', i)) {
      output.pop();
      output.push('/');
      i = n;
    }
    // D. "." or ".." as the whole input: remove it.
    else if ((i + 1 === n && path[i] === '.') || (i + 2 === n && path.startsWith('..', i))) {
      i = n;
    }
    // E. Move the first segment, with its leading "/" if any, to the output.
    else {
      let next = path.indexOf('/', i + 1);
      if (next < 0) next = n;
      output.push(path.slice(i, next));
      i = next;
    }
  }
  return output.join('');
}

/**
 * Recomposes a target (§5.3). Without an authority a path starting with "//"
 * would read back as one (dot-segment removal can produce it: `.//g` against
 * `a:/b`); "/." in front keeps the path a path and names the same resource.
 */
export function recomposeTarget(target: UriComponents): string {
  if (target.authority === undefined && target.path.startsWith('//')) {
    return recompose({ ...target, path: '/.' + target.path });
  }
  return recompose(target);
}

/** merge (§5.2.3). */
function merge(base: UriComponents, referencePath: string): string {
  if (base.authority !== undefined && base.path === '') return '/' + referencePath;
  return base.path.slice(0, base.path.lastIndexOf('/') + 1) + referencePath;
}

/** Checks that `base` is an absolute URI (§5.1, §4.3) and returns it parsed. */
export function parseBase(base: string, options?: ParseOptions): UriReference {
  const parsed = parse(base, options);
  if (!parsed.valid) {
    throw new UriError('base-invalid', `The base "${base}" is not a valid URI (${problems(parsed)}).`);
  }
  if (parsed.scheme === undefined) {
    throw new UriError('base-not-absolute', `The base "${base}" has no scheme; a base URI must be absolute (RFC 3986 §5.1).`);
  }
  if (parsed.fragment !== undefined) {
    throw new UriError(
      'base-has-fragment',
      `The base "${base}" has a fragment; a base URI is an absolute-URI, without one: use "${base.slice(0, parsed.fragment.start - 1)}" (RFC 3986 §5.1).`,
    );
  }
  return parsed;
}

/**
 * Resolves `reference` against `base` by RFC 3986 §5.2 and recomposes the
 * target (§5.3). Throws a `UriError` — never returns a wrong answer — when the
 * base is not an absolute URI (`base-invalid`, `base-not-absolute`,
 * `base-has-fragment`) or the reference is not a valid URI reference
 * (`reference-invalid`).
 */
export function resolve(reference: string, base: string, options: ResolveOptions = {}): string {
  const b = componentsOf(parseBase(base, options));
  const parsed = parse(reference, options);
  if (!parsed.valid) {
    throw new UriError('reference-invalid', `The reference "${reference}" is not a valid URI reference (${problems(parsed)}).`);
  }
  return recomposeTarget(resolveComponents(componentsOf(parsed), b, options.strict !== false));
}

/** The algorithm of §5.2.2 on components. */
export function resolveComponents(r: UriComponents, base: UriComponents, strict = true): UriComponents {
  let scheme = r.scheme;
  if (!strict && scheme !== undefined && base.scheme !== undefined && scheme.toLowerCase() === base.scheme.toLowerCase()) {
    scheme = undefined;
  }
  if (scheme !== undefined) {
    return { scheme, authority: r.authority, path: removeDotSegments(r.path), query: r.query, fragment: r.fragment };
  }
  if (r.authority !== undefined) {
    return { scheme: base.scheme, authority: r.authority, path: removeDotSegments(r.path), query: r.query, fragment: r.fragment };
  }
  if (r.path === '') {
    return { scheme: base.scheme, authority: base.authority, path: base.path, query: r.query ?? base.query, fragment: r.fragment };
  }
  const path = r.path.startsWith('/') ? removeDotSegments(r.path) : removeDotSegments(merge(base, r.path));
  return { scheme: base.scheme, authority: base.authority, path, query: r.query, fragment: r.fragment };
}
