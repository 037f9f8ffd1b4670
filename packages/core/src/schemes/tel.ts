/** `tel` (RFC 3966). */
import { diagnostic } from '../diagnostic.js';
import { describeChars } from '../messages.js';
import type { Span, UriReference } from '../types.js';
import { body, indexIn, isAlphanum, isDigit, isTriplet, isUnreserved, quote, schemeAndColon, splitSpan, type Report, type SchemeModule } from './module.js';

const PLUS = 0x2b;
const STAR = 0x2a;

// visual-separator = "-" / "." / "(" / ")"
function isVisualSeparator(c: number): boolean {
  return c === 0x2d || c === 0x2e || c === 0x28 || c === 0x29;
}

// phonedigit = DIGIT / [ visual-separator ]
function isPhonedigit(c: number): boolean {
  return isDigit(c) || isVisualSeparator(c);
}

function isHexdig(c: number): boolean {
  return isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}

/**
 * The width of the phonedigit-hex at `s[i]`, 0 when there is none:
 * phonedigit-hex = HEXDIG / "*" / "#" / [ visual-separator ] — with "#" written
 * `%23` in a URI (RFC 3966 §5.1.5), and "*" possibly written `%2A`.
 */
function phonedigitHexWidth(s: string, i: number): number {
  const c = s.charCodeAt(i);
  if (isHexdig(c) || c === STAR || isVisualSeparator(c)) return 1;
  if (isTriplet(s, i)) {
    const t = s.slice(i + 1, i + 3).toUpperCase();
    if (t === '23' || t === '2A') return 3;
  }
  return 0;
}

/** The first run in `s[start, end)` of characters `accept` rejects (a width of 0), or undefined. */
function firstBadRun(s: string, start: number, end: number, width: (i: number) => number): Span | undefined {
  for (let i = start; i < end; ) {
    const w = width(i);
    if (w > 0) {
      i += w;
      continue;
    }
    let j = i + 1;
    while (j < end && width(j) === 0) j++;
    return { start: i, end: j };
  }
  return undefined;
}

// global-number-digits = "+" *phonedigit DIGIT *phonedigit
function checkGlobalDigits(s: string, start: number, end: number): { problem: string; span: Span } | undefined {
  const bad = firstBadRun(s, start + 1, end, (i) => (isPhonedigit(s.charCodeAt(i)) ? 1 : 0));
  if (bad !== undefined) {
    return {
      span: bad,
      problem: `The global number ${quote(s, start, end)} contains ${describeChars(s.slice(bad.start, bad.end))}; after "+" only digits and the separators "-", ".", "(" and ")" may follow.`,
    };
  }
  for (let i = start + 1; i < end; i++) if (isDigit(s.charCodeAt(i))) return undefined;
  return { span: { start, end }, problem: `The global number ${quote(s, start, end)} has no digit after "+".` };
}

// local-number-digits = *phonedigit-hex (HEXDIG / "*" / "#") *phonedigit-hex
function checkLocalDigits(s: string, start: number, end: number): { problem: string; span: Span } | undefined {
  const bad = firstBadRun(s, start, end, (i) => phonedigitHexWidth(s, i));
  if (bad !== undefined) {
    return {
      span: bad,
      problem: `The local number ${quote(s, start, end)} contains ${describeChars(s.slice(bad.start, bad.end))}; a local number holds hex digits, "*", "#" (as "%23") and the separators "-", ".", "(" and ")".`,
    };
  }
  for (let i = start; i < end; i++) if (!isVisualSeparator(s.charCodeAt(i))) return undefined;
  return { span: { start, end }, problem: `The local number ${quote(s, start, end)} has no digit.` };
}

// domainname  = *( domainlabel "." ) toplabel [ "." ]
// domainlabel = alphanum / alphanum *( alphanum / "-" ) alphanum
// toplabel    = ALPHA / ALPHA *( alphanum / "-" ) alphanum
const DOMAINNAME = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)*[a-z](?:[a-z0-9-]*[a-z0-9])?\.?$/i;

// paramchar = param-unreserved / unreserved / pct-encoded
// param-unreserved = "[" / "]" / "/" / ":" / "&" / "+" / "$"
function paramcharWidth(s: string, i: number): number {
  const c = s.charCodeAt(i);
  if (isUnreserved(c) || '[]/:&+$'.includes(s[i] ?? ' ')) return 1;
  return isTriplet(s, i) ? 3 : 0;
}

// uric = reserved / unreserved / pct-encoded     (RFC 2396; in isdn-subaddress = ";isub=" 1*uric)
function uricWidth(s: string, i: number): number {
  const c = s.charCodeAt(i);
  if (isUnreserved(c) || ";/?:@&=+$,!*'()".includes(s[i] ?? ' ')) return 1;
  return isTriplet(s, i) ? 3 : 0;
}

// par            = parameter / extension / isdn-subaddress
// isdn-subaddress = ";isub=" 1*uric
// extension      = ";ext=" 1*phonedigit
// context        = ";phone-context=" descriptor
// descriptor     = domainname / global-number-digits
// parameter      = ";" pname [ "=" pvalue ]
// pname          = 1*( alphanum / "-" )
// pvalue         = 1*paramchar
/** Checks one `;…` parameter; answers whether it was a `phone-context`. */
function checkParameter(reference: UriReference, report: Report, p: Span, global: boolean): boolean {
  const s = reference.input;
  const eq = indexIn(s, '=', p.start, p.end);
  const name = s.slice(p.start, eq).toLowerCase();
  const value: Span = { start: Math.min(eq + 1, p.end), end: p.end };
  const whole = { start: p.start - 1, end: p.end };
  const invalid = (message: string, span: Span = whole): void => {
    report(diagnostic('tel-invalid-parameter', span.start, Math.max(span.end, span.start + 1), 'path', message));
  };
  if (p.start === p.end) {
    invalid('An empty parameter: each ";" opens a parameter name.');
    return false;
  }
  for (let i = p.start; i < eq; i++) {
    const c = s.charCodeAt(i);
    if (!isAlphanum(c) && c !== 0x2d) {
      invalid(`The parameter name ${quote(s, p.start, eq)} holds ${quote(s, i, i + 1)}; a name is letters, digits and "-".`);
      return false;
    }
  }
  if (eq === p.start) {
    invalid(`The parameter ${quote(s, whole.start, whole.end)} has no name before "=".`);
    return false;
  }
  const hasValue = eq < p.end;
  if (name === 'phone-context') {
    const text = s.slice(value.start, value.end);
    if (global) {
      invalid('A global number ("+…") takes no ";phone-context": it is already unique.');
    } else if (!hasValue || value.start === value.end) {
      invalid('The ";phone-context=" is empty; it names a domain or a global number prefix ("+1-914-555").');
    } else if (text.charCodeAt(0) === PLUS ? checkGlobalDigits(s, value.start, value.end) !== undefined : !DOMAINNAME.test(text)) {
      invalid(`The phone context ${quote(s, value.start, value.end)} is neither a domain name nor a global number prefix ("+" and digits).`, value);
    }
    return true;
  }
  if (name === 'ext') {
    const bad = hasValue ? firstBadRun(s, value.start, value.end, (i) => (isPhonedigit(s.charCodeAt(i)) ? 1 : 0)) : undefined;
    if (!hasValue || value.start === value.end) invalid('The extension ";ext=" is empty; it holds digits.');
    else if (bad !== undefined) invalid(`The extension ${quote(s, value.start, value.end)} contains ${describeChars(s.slice(bad.start, bad.end))}; it holds digits and separators.`, bad);
    return false;
  }
  if (name === 'isub') {
    const bad = hasValue ? firstBadRun(s, value.start, value.end, (i) => uricWidth(s, i)) : undefined;
    if (!hasValue || value.start === value.end) invalid('The ISDN subaddress ";isub=" is empty.');
    else if (bad !== undefined) invalid(`The ISDN subaddress contains ${describeChars(s.slice(bad.start, bad.end))}, which must be percent-encoded.`, bad);
    return false;
  }
  if (hasValue) {
    const bad = firstBadRun(s, value.start, value.end, (i) => paramcharWidth(s, i));
    if (value.start === value.end) invalid(`The parameter ${quote(s, whole.start, whole.end)} has an empty value after "=".`);
    else if (bad !== undefined) {
      invalid(`The value of the parameter "${name}" contains ${describeChars(s.slice(bad.start, bad.end))}, which must be percent-encoded.`, bad);
    }
  }
  return false;
}

// telephone-uri        = "tel:" telephone-subscriber
// telephone-subscriber = global-number / local-number
// global-number        = global-number-digits *par
// local-number         = local-number-digits *par context *par
export const tel: SchemeModule = {
  names: ['tel'],
  check(reference, report) {
    const s = reference.input;
    const subscriber = body(reference, true);
    const [number, ...parameters] = splitSpan(s, ';', subscriber.start, subscriber.end);
    if (number === undefined || number.start === number.end) {
      const range = number === undefined || subscriber.start === subscriber.end ? schemeAndColon(reference) : { start: number.start, end: number.start + 1 };
      report(diagnostic('tel-invalid-number', range.start, range.end, 'path', 'The tel URI has no number: "tel:" is followed by "+" and digits, or by a local number and ";phone-context=".'));
      return;
    }
    const global = s.charCodeAt(number.start) === PLUS;
    const wrong = global ? checkGlobalDigits(s, number.start, number.end) : checkLocalDigits(s, number.start, number.end);
    if (wrong !== undefined) report(diagnostic('tel-invalid-number', wrong.span.start, wrong.span.end, 'path', wrong.problem));
    let context = false;
    for (const p of parameters) if (checkParameter(reference, report, p, global)) context = true;
    if (!global && !context && wrong === undefined) {
      report(
        diagnostic(
          'tel-missing-context',
          number.start,
          number.end,
          'path',
          `The local number ${quote(s, number.start, number.end)} has no ";phone-context=" parameter: without it the number is ambiguous; write it as a global number ("+" and country code) or add the context.`,
        ),
      );
    }
  },
};
