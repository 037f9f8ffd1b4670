import type { DiagnosticCode } from './codes.js';

/** A half-open range `[start, end)` of UTF-16 code-unit offsets into the parsed input. */
export interface Span {
  start: number;
  end: number;
}

/** `host = IP-literal / IPv4address / reg-name` (RFC 3986 §3.2.2). */
export type HostKind = 'ipv4' | 'ipv6' | 'ipvfuture' | 'reg-name';

export interface HostSpan extends Span {
  kind: HostKind;
  /**
   * For an RFC 6874 zone identifier inside an IPv6 literal: the span of the zone
   * after `%25` (only when the literal has one).
   */
  zone?: Span;
}

/** Which of the five `path` rules of RFC 3986 §3.3 the path matched (or was read as). */
export type PathKind = 'abempty' | 'absolute' | 'noscheme' | 'rootless' | 'empty';

export interface PathSpan extends Span {
  kind: PathKind;
  /**
   * The segments, without their `/` delimiters. A leading `/` does not open an
   * empty segment: `/a/b` has `a` and `b`, `/` has one empty segment, `` has none.
   * Computed on first access (a getter; `JSON.stringify` includes it).
   */
  readonly segments: Span[];
}

/** The component a diagnostic or an encoder is about. */
export type Component =
  | 'scheme'
  | 'authority'
  | 'userinfo'
  | 'host'
  | 'port'
  | 'path'
  | 'query'
  | 'fragment';

export type Severity = 'error' | 'warning' | 'info';

/** Replace `input.slice(start, end)` with `text`. Edits of one fix never overlap. */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

export interface Diagnostic {
  /** Stable kebab-case code from the table in the README; public API. */
  code: DiagnosticCode;
  /** `error` makes the reference invalid; `warning` and `info` do not. */
  severity: Severity;
  start: number;
  end: number;
  /** A sentence for humans. Not API: match on `code`. */
  message: string;
  /** The section that the rule comes from, e.g. `RFC 3986 §3.2.2`. */
  spec: string;
  /** The component the problem is in. */
  component: Component;
  /** Edits on the input that repair this problem alone, where the repair is mechanical and safe. */
  fix?: TextEdit[];
  /** Repairs that need a person's judgement (another scheme, a guessed triplet), best first. */
  suggestions?: Suggestion[];
}

/** A repair offered, not applied: `--fix` never applies suggestions. */
export interface Suggestion {
  /** What the suggestion does, as a sentence: `Replace "htps" with "https".` */
  message: string;
  edits: TextEdit[];
}

export interface UriReference {
  /** The string that was parsed; spans index into it. */
  input: string;
  /** True exactly when `input` matches RFC 3986 `URI-reference` (under the options given). */
  valid: boolean;
  /** `uri` when a scheme is present, else `relative-ref`. */
  kind: 'uri' | 'relative-ref';
  scheme?: Span;
  authority?: Span;
  userinfo?: Span;
  host?: HostSpan;
  port?: Span;
  /** Always present: every URI reference has a (possibly empty) path. */
  path: PathSpan;
  query?: Span;
  fragment?: Span;
  diagnostics: Diagnostic[];
}

export interface ParseOptions {
  /**
   * Accept RFC 6874 zone identifiers (`[fe80::1%25eth0]`). Browsers reject them,
   * so by default they are an error with the code `host-ipv6-zone-id`.
   */
  allowZoneId?: boolean;
  /**
   * Read the input as an IRI (RFC 3987): `ucschar` is accepted wherever
   * `unreserved` is, and `iprivate` in the query. Default false (RFC 3986).
   */
  iri?: boolean;
  /**
   * At most this many diagnostics are recorded; past it one `too-many-diagnostics`
   * diagnostic is added and scanning continues only to settle `valid`. Default 10,000.
   */
  maxDiagnostics?: number;
}
