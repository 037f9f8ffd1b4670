/** `ws` and `wss` (RFC 6455 §3): the host rules of http, and no fragment. */
import { diagnostic } from '../diagnostic.js';
import { checkHostRequired } from './http.js';
import { quote, schemeText, type SchemeModule } from './module.js';

// ws-URI  = "ws:" "//" host [ ":" port ] path [ "?" query ]      (RFC 6455 §3)
// wss-URI = "wss:" "//" host [ ":" port ] path [ "?" query ]
// "Fragment identifiers are meaningless in the context of WebSocket URIs and
//  MUST NOT be used on these URIs."
export const ws: SchemeModule = {
  names: ['ws', 'wss'],
  check(reference, report) {
    checkHostRequired(reference, report);
    const { fragment, input } = reference;
    if (fragment === undefined) return;
    const start = fragment.start - 1;
    report(
      diagnostic(
        'ws-fragment',
        start,
        fragment.end,
        'fragment',
        `The ${schemeText(reference)} URI has the fragment ${quote(input, start, fragment.end)}; WebSocket URIs take no fragment, and a "#" in the resource name must be written "%23".`,
        [{ start, end: fragment.end, text: '' }],
      ),
    );
  },
};
