/**
 * A query read as `name=value` pairs, the way HTML forms and `URLSearchParams` read it
 * (application/x-www-form-urlencoded, WHATWG URL §5.1): RFC 3986 §3.4 gives a query no inner
 * structure, but this is the structure nearly every server reads.
 */
import { tryPercentDecode } from './percent.js';

/** One parameter of a query, as written: `value` is undefined when it has no `=`. */
export interface QueryParameter {
  name: string;
  value: string | undefined;
}

/** The parameters of a query (without its `?`): split at each `&`, empty pieces left out, as `URLSearchParams` does. */
export function queryParameters(query: string): QueryParameter[] {
  const out: QueryParameter[] = [];
  for (const piece of query.split('&')) {
    if (piece === '') continue;
    const equals = piece.indexOf('=');
    out.push(equals < 0 ? { name: piece, value: undefined } : { name: piece.slice(0, equals), value: piece.slice(equals + 1) });
  }
  return out;
}

/** A name or value of a query parameter as a form decodes it: `+` is a space, then percent-decoded; undefined when the octets are not UTF-8. */
export function formDecode(text: string): string | undefined {
  return tryPercentDecode(text.replace(/\+/g, ' '));
}
