import { diagnostic } from '../diagnostic.js';
import { describeChars } from '../messages.js';
import { encodeCodePoint } from '../percent.js';
import type { Component, Diagnostic, Span } from '../types.js';
import { outcome, type Reading } from './context.js';
import { MAX_PER_CHECK } from './text.js';

/** True when the RFC parse reported an error inside `span`: then it already named those characters. */
function hasError(reading: Reading, span: Span): boolean {
  return reading.reference.diagnostics.some((d) => d.severity === 'error' && d.start < span.end && d.end > span.start);
}

/**
 * The offsets of the input characters that the URL's serialization carries
 * percent-encoded, when that is the only difference; `undefined` when the two
 * differ otherwise (then this check says nothing).
 */
function encodedOffsets(input: string, from: number, to: number, output: string): number[] | undefined {
  const offsets: number[] = [];
  let j = 0;
  for (let i = from; i < to; ) {
    const cp = input.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    const ch = input.slice(i, i + width);
    if (output.startsWith(ch, j)) {
      j += width;
    } else {
      const encoded = encodeCodePoint(cp);
      if (output.slice(j, j + encoded.length).toUpperCase() !== encoded) return undefined;
      offsets.push(i);
      j += encoded.length;
    }
    i += width;
  }
  return j === output.length ? offsets : undefined;
}

function runs(offsets: number[], input: string): Span[] {
  const spans: Span[] = [];
  for (const at of offsets) {
    const width = (input.codePointAt(at) ?? 0) > 0xffff ? 2 : 1;
    const last = spans[spans.length - 1];
    if (last !== undefined && last.end === at) last.end = at + width;
    else spans.push({ start: at, end: at + width });
  }
  return spans;
}

function checkComponent(reading: Reading, span: Span | undefined, serialized: string, component: Component): Diagnostic[] {
  if (span === undefined || hasError(reading, span)) return [];
  const s = reading.input;
  const offsets = encodedOffsets(s, span.start, span.end, serialized.slice(1));
  if (offsets === undefined) return [];
  // Non-ASCII in an IRI is mapped to UTF-8 triplets exactly as RFC 3987 §3.1 does: no difference.
  const ascii = offsets.filter((at) => s.charCodeAt(at) < 0x80);
  return runs(ascii, s)
    .slice(0, MAX_PER_CHECK)
    .map((run) =>
      diagnostic(
        'whatwg-char-encoded',
        run.start,
        run.end,
        component,
        `RFC 3986 allows ${describeChars(s.slice(run.start, run.end))} in the ${component}, but a browser percent-encodes it and ${outcome(reading)}: the server receives other bytes than the text says.`,
      ),
    );
}

/**
 * `whatwg-char-encoded` (info): characters of the query or fragment that RFC 3986
 * accepts and a browser still percent-encodes (`'` in a special query). Where
 * the RFC parse already reported the component's characters (space, `"`, `<`…),
 * nothing is repeated; the path has no such character (WHATWG's path set is a
 * subset of what RFC 3986 rejects).
 */
export function checkEncodedChars(reading: Reading): Diagnostic[] {
  const url = reading.url;
  if (url === undefined) return [];
  const { query, fragment } = reading.reference;
  return [
    ...checkComponent(reading, query, url.search === '' ? '?' : url.search, 'query'),
    ...checkComponent(reading, fragment, url.hash === '' ? '#' : url.hash, 'fragment'),
  ];
}
