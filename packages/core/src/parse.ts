/**
 * The RFC 3986 `URI-reference` parser. It splits the input as Appendix B does
 * (first match wins), then validates every component against its ABNF rule,
 * recording spans (never substrings) and one diagnostic per problem. It never
 * throws and reads each character a bounded number of times (linear time).
 */
import {
  ALPHA,
  DIGIT,
  FRAGMENT,
  HEXDIG,
  IPVFUTURE_TAIL,
  PATH_CHAR,
  QUERY,
  REG_NAME,
  SCHEME_CHAR,
  USERINFO,
  ZONE_ID,
  hexValue,
  isHexDigit,
  isIprivate,
  isUcschar,
  type CharTable,
} from './charsets.js';
import { SYNTAX_CODES, type CodeInfo, type DiagnosticCode } from './codes.js';
import { COMPONENT_NAMES, EXCERPT_MAX, describeChar, describeChars, excerpt } from './messages.js';
import { encodeCodePoint, encodeOctet, utf8SequenceLength } from './percent.js';
import { redactDiagnostics, secretSpansIn } from './security/secrets.js';
import type {
  Component,
  Diagnostic,
  HostKind,
  HostSpan,
  ParseOptions,
  PathKind,
  PathSpan,
  Span,
  Suggestion,
  TextEdit,
  UriReference,
} from './types.js';

const PERCENT = 0x25;
const DOT = 0x2e;
const SLASH = 0x2f;
const COLON = 0x3a;
const QUESTION = 0x3f;
const AT = 0x40;
const LBRACKET = 0x5b;
const RBRACKET = 0x5d;
const HASH = 0x23;

const DEFAULT_MAX_DIAGNOSTICS = 10_000;

/**
 * The grammar's codes, which are the ones `parse` reports, by name. `CODES`, spread together from six
 * tables, is read with a different key at each report, which V8 does by a generic keyed lookup (4% of
 * the time on invalid references); a Map lookup costs a hash of a string that already has one.
 */
const SYNTAX_INFO: ReadonlyMap<string, CodeInfo> = new Map(Object.entries(SYNTAX_CODES));

function infoOf(code: DiagnosticCode): CodeInfo {
  return SYNTAX_INFO.get(code)!;
}

type UnescapedCode =
  | 'userinfo-unescaped-char'
  | 'host-unescaped-char'
  | 'path-unescaped-char'
  | 'query-unescaped-char'
  | 'fragment-unescaped-char';

/** Octets of the current run of percent-encoded triplets (reused; parse is synchronous). */
const octets: number[] = [];

/**
 * The diagnosing half of the parser: validates one component at a time and
 * records problems. One instance is reused across calls (`parse` is synchronous
 * and calls out to nothing), so a parse allocates only its result.
 */
class Parser {
  s = '';
  maxDiagnostics = DEFAULT_MAX_DIAGNOSTICS;
  iri = false;
  allowZoneId = false;
  diagnostics: Diagnostic[] = [];
  userinfo: Span | undefined;
  host: HostSpan | undefined;
  port: Span | undefined;
  hasError = false;
  truncated = false;
  /** In a `data:` URI, where the path's first "," is: the media type comes before it, the data after. */
  dataComma = -1;

  reset(s: string, maxDiagnostics: number, iri: boolean, allowZoneId: boolean): this {
    this.s = s;
    this.maxDiagnostics = maxDiagnostics;
    this.iri = iri;
    this.allowZoneId = allowZoneId;
    this.diagnostics = [];
    this.userinfo = undefined;
    this.host = undefined;
    this.port = undefined;
    this.hasError = false;
    this.truncated = false;
    this.dataComma = -1;
    return this;
  }

  /** How a message names the component at `at`: in a `data:` URI the path is its media type and its data. */
  where(component: Component, at: number): string {
    if (component !== 'path' || this.dataComma < 0) return COMPONENT_NAMES[component];
    return at > this.dataComma ? 'the data' : 'the media type';
  }

  /**
   * True when no more diagnostics are recorded; it still settles `valid` and
   * marks the truncation, so callers may skip building the message and fix.
   */
  full(code: DiagnosticCode): boolean {
    if (this.diagnostics.length < this.maxDiagnostics) return false;
    if (infoOf(code).severity === 'error') this.hasError = true;
    this.truncated = true;
    return true;
  }

  report(code: DiagnosticCode, start: number, end: number, component: Component, message: string, fix?: TextEdit[], suggestions?: Suggestion[]): void {
    const info = infoOf(code);
    if (info.severity === 'error') this.hasError = true;
    if (this.diagnostics.length >= this.maxDiagnostics) {
      this.truncated = true;
      return;
    }
    const diagnostic: Diagnostic = { code, severity: info.severity, start, end, message, spec: info.spec, component };
    if (fix !== undefined) diagnostic.fix = fix;
    if (suggestions !== undefined && suggestions.length > 0) diagnostic.suggestions = suggestions;
    this.diagnostics.push(diagnostic);
  }

  // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
  parseScheme(end: number): void {
    const s = this.s;
    const first = s.charCodeAt(0);
    let i = 0;
    if (!(first < 128 && ALPHA[first] === 1)) {
      i = this.charWidth(0);
      this.report(
        'scheme-invalid-start',
        0,
        i,
        'scheme',
        `The scheme "${this.excerpt(0, end)}" starts with ${describeChar(s.codePointAt(0)!)}; a scheme must begin with a letter.`,
      );
    }
    this.reportRunsOutside(SCHEME_CHAR, i, end, 'scheme-invalid-char', 'scheme', (run) =>
      `The scheme "${this.excerpt(0, end)}" contains ${run}; a scheme holds only letters, digits, "+", "-" and ".".`,
    );
  }

  // authority = [ userinfo "@" ] host [ ":" port ]
  parseAuthority(start: number, end: number): void {
    const s = this.s;
    // "@" is in neither userinfo nor host: the last one ends the userinfo, and any
    // earlier one is a character of the userinfo that had to be encoded.
    // indexOf forward rather than lastIndexOf back: V8's lastIndexOf (a C++ builtin) cost several
    // times more per call in profiles of the benchmark's IPv6 literals.
    let at = -1;
    for (let k = s.indexOf('@', start); k >= 0 && k < end; k = s.indexOf('@', k + 1)) at = k;
    let hostStart = start;
    if (at >= start) {
      this.userinfo = { start, end: at };
      this.scan(start, at, USERINFO, USERINFO_RUN, 'userinfo', 'userinfo-unescaped-char');
      hostStart = at + 1;
    }
    let portStart = -1;
    if (hostStart < end && s.charCodeAt(hostStart) === LBRACKET) {
      portStart = this.parseIpLiteral(hostStart, end);
    } else {
      portStart = this.parseRegNameOrIPv4(hostStart, end);
    }
    if (portStart >= 0) {
      this.port = { start: portStart, end };
      this.parsePort(portStart, end);
    }
  }

  // host = IPv4address / reg-name, followed by [ ":" port ]; returns where the port starts, or -1.
  parseRegNameOrIPv4(start: number, end: number): number {
    const s = this.s;
    let colon = s.indexOf(':', start);
    if (colon >= end) colon = -1;
    if (colon >= 0) {
      // Two or more colons: an IPv6 address someone forgot to bracket?
      const second = s.indexOf(':', colon + 1);
      if (second >= 0 && second < end && this.parseIPv6address(start, end, false)) {
        this.host = { start, end, kind: 'ipv6' };
        this.report(
          'host-ipv6-missing-brackets',
          start,
          end,
          'host',
          `The host "${this.excerpt(start, end)}" is an IPv6 address; as a host it must be written in brackets: "[${this.excerpt(start, end)}]".`,
          [
            { start, end: start, text: '[' },
            { start: end, end, text: ']' },
          ],
        );
        return -1;
      }
      // `::1:35729`: not an IPv6 address whole, but one followed by a port (a group has at most
      // four hexadecimal digits, so the last part can only be the port).
      const last = s.lastIndexOf(':', end - 1);
      if (second >= 0 && second < end && last > start && last + 1 < end && this.allIn(DIGIT, last + 1, end) && this.parseIPv6address(start, last, false)) {
        this.host = { start, end: last, kind: 'ipv6' };
        this.report(
          'host-ipv6-missing-brackets',
          start,
          last,
          'host',
          `The host "${this.excerpt(start, last)}" is an IPv6 address followed by the port ${this.excerpt(last + 1, end)}; as a host it must be written in brackets: "[${this.excerpt(start, last)}]:${this.excerpt(last + 1, end)}".`,
          [
            { start, end: start, text: '[' },
            { start: last, end: last, text: ']' },
          ],
        );
        return last + 1;
      }
    }
    const hostEnd = colon >= 0 ? colon : end;
    const kind: HostKind = this.isIPv4address(start, hostEnd) ? 'ipv4' : 'reg-name';
    this.host = { start, end: hostEnd, kind };
    if (kind === 'reg-name') this.scan(start, hostEnd, REG_NAME, REG_NAME_RUN, 'host', 'host-unescaped-char');
    return colon >= 0 ? colon + 1 : -1;
  }

  // IP-literal = "[" ( IPv6address / IPvFuture ) "]"; returns where the port starts, or -1.
  parseIpLiteral(start: number, end: number): number {
    const s = this.s;
    let close = s.indexOf(']', start);
    if (close >= end) close = -1;
    const isFuture = start + 1 < end && (s.charCodeAt(start + 1) | 0x20) === 0x76; // "v" / "V"
    if (close < 0) {
      this.host = { start, end, kind: isFuture ? 'ipvfuture' : 'ipv6' };
      this.report(
        'host-ip-literal-unterminated',
        start,
        end,
        'host',
        `The IP literal "${this.excerpt(start, end)}" has no closing "]".`,
      );
      return -1;
    }
    const host: HostSpan = { start, end: close + 1, kind: isFuture ? 'ipvfuture' : 'ipv6' };
    this.host = host;
    if (isFuture) {
      this.parseIPvFuture(start + 1, close);
    } else {
      let zone = s.indexOf('%', start + 1);
      if (zone >= close) zone = -1;
      this.parseIPv6address(start + 1, zone >= 0 ? zone : close, true);
      if (zone >= 0) this.parseZoneId(zone, close, host);
    }
    const after = close + 1;
    if (after === end) return -1;
    if (s.charCodeAt(after) === COLON) return after + 1;
    let colon = s.indexOf(':', after);
    if (colon >= end) colon = -1;
    const trailingEnd = colon >= 0 ? colon : end;
    this.report(
      'host-ip-literal-trailing-chars',
      after,
      trailingEnd,
      'host',
      `"${this.excerpt(after, trailingEnd)}" follows the IP literal "${this.excerpt(start, after)}"; only ":" and a port may follow "]".`,
    );
    return colon >= 0 ? colon + 1 : -1;
  }

  /**
   * IPv6address, all nine alternatives of §3.2.2 at once: h16 groups separated by
   * ":", at most one "::", an optional IPv4address as the last 32 bits; eight
   * 16-bit units without "::", at most seven with it.
   */
  parseIPv6address(start: number, end: number, reportProblems: boolean): boolean {
    // The check alone first: a valid address (the usual case) costs no closure and no message.
    if (this.isIPv6address(start, end)) return true;
    return reportProblems ? this.diagnoseIPv6address(start, end) : false;
  }

  /**
   * `parseIPv6address`'s rules as a yes/no answer; `diagnoseIPv6address` says what is wrong. It
   * reads each character once: a group's hexadecimal digits, then the ":" or "::" after it, or at
   * a "." the IPv4 tail, which must run to `end`.
   */
  isIPv6address(start: number, end: number): boolean {
    return ipv6AddressEnd(this.s, start, end) === end;
  }

  /** Reports every problem of an IPv6 address that `isIPv6address` rejects; returns false. */
  diagnoseIPv6address(start: number, end: number): boolean {
    const s = this.s;
    let ok = true;
    const fail = (code: DiagnosticCode, from: number, to: number, message: () => string): void => {
      ok = false;
      if (!this.full(code)) this.report(code, from, to, 'host', message());
    };
    const address = (): string => this.excerpt(start, end);
    if (start === end) {
      fail('host-ipv6-group-count', start, end, () => 'The IP literal is empty; an IPv6 address has eight groups, or fewer with "::".');
      return false;
    }
    let units = 0;
    let compression = -1;
    let i = start;
    if (s.charCodeAt(i) === COLON) {
      if (i + 1 < end && s.charCodeAt(i + 1) === COLON) {
        compression = i;
        i += 2;
      } else {
        fail('host-ipv6-invalid-group', i, i + 1, () => `The IPv6 address "${address()}" starts with a single ":"; only "::" may begin an address.`);
        i += 1;
      }
    }
    while (i < end) {
      let j = i;
      let hasDot = false;
      // An empty group is reported at its ":" (":::"), which must not be reported again as the address's last.
      let empty = false;
      while (j < end) {
        const c = s.charCodeAt(j);
        if (c === COLON) break;
        if (c === DOT) hasDot = true;
        j++;
      }
      if (hasDot) {
        if (j < end) {
          fail('host-ipv6-invalid-ipv4', i, j, () => `The IPv4 part "${this.excerpt(i, j)}" of the IPv6 address "${address()}" must come last.`);
        } else if (!this.isIPv4address(i, j)) {
          fail('host-ipv6-invalid-ipv4', i, j, () => `"${this.excerpt(i, j)}" in the IPv6 address "${address()}" is not an IPv4 address (four decimal octets 0–255, no leading zeros).`);
        }
        units += 2;
      } else if (j === i) {
        fail('host-ipv6-invalid-group', i, i + 1, () => `The IPv6 address "${address()}" has an empty group at ":::"; groups are one to four hexadecimal digits.`);
        empty = true;
      } else {
        let hex = j - i <= 4;
        for (let k = i; hex && k < j; k++) hex = isHexDigit(s.charCodeAt(k));
        if (!hex) {
          fail('host-ipv6-invalid-group', i, j, () => `"${this.excerpt(i, j)}" is not an IPv6 group; a group is one to four hexadecimal digits.`);
        }
        units += 1;
      }
      i = j;
      if (i < end) {
        if (i + 1 < end && s.charCodeAt(i + 1) === COLON) {
          if (compression >= 0) {
            fail('host-ipv6-double-compression', i, i + 2, () => `"::" appears twice in the IPv6 address "${address()}"; it may stand for one run of zero groups only.`);
          } else {
            compression = i;
          }
          i += 2;
        } else {
          i += 1;
          if (i === end && !empty) {
            fail('host-ipv6-invalid-group', i - 1, i, () => `The IPv6 address "${address()}" ends with a single ":"; only "::" may end an address.`);
          }
        }
      }
    }
    if (ok && (compression < 0 ? units !== 8 : units > 7)) {
      const message =
        compression < 0
          ? `The IPv6 address "${address()}" has ${units} 16-bit groups; it needs exactly 8 (an IPv4 tail counts as 2), or "::" for a run of zeros.`
          : `The IPv6 address "${address()}" has ${units} 16-bit groups besides "::"; with "::" it may have at most 7.`;
      fail('host-ipv6-group-count', start, end, () => message);
    }
    return ok;
  }

  // IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
  parseIPvFuture(start: number, end: number): void {
    const s = this.s;
    let i = start + 1;
    while (i < end && isHexDigit(s.charCodeAt(i))) i++;
    if (i === start + 1) {
      this.report('host-ipvfuture-invalid', start, Math.min(i + 1, end), 'host', `The IPvFuture literal "${this.excerpt(start, end)}" needs hexadecimal version digits after "v".`);
      return;
    }
    if (i === end || s.charCodeAt(i) !== DOT) {
      this.report('host-ipvfuture-invalid', start, end, 'host', `The IPvFuture literal "${this.excerpt(start, end)}" needs "." after its version "${this.excerpt(start, i)}".`);
      return;
    }
    i++;
    if (i === end) {
      this.report('host-ipvfuture-invalid', start, end, 'host', `The IPvFuture literal "${this.excerpt(start, end)}" has nothing after "."; it needs at least one character.`);
      return;
    }
    if (this.allIn(IPVFUTURE_TAIL, i, end)) return;
    const literal = this.excerpt(start, end);
    this.reportRunsOutside(IPVFUTURE_TAIL, i, end, 'host-ipvfuture-invalid', 'host', (run) =>
      `The IPvFuture literal "${literal}" contains ${run}; only unreserved characters, sub-delims and ":" may follow ".".`,
    );
  }

  // IPv6addrz = IPv6address "%25" ZoneID ; ZoneID = 1*( unreserved / pct-encoded )   (RFC 6874)
  parseZoneId(percent: number, end: number, host: HostSpan): void {
    const s = this.s;
    let valid = s.startsWith('%25', percent) && percent + 3 < end;
    for (let i = percent + 3; valid && i < end; i++) {
      const c = s.charCodeAt(i);
      if (c < 128 && ZONE_ID[c] === 1) continue;
      if (c === PERCENT && i + 2 < end && isHexDigit(s.charCodeAt(i + 1)) && isHexDigit(s.charCodeAt(i + 2))) {
        i += 2;
        continue;
      }
      valid = false;
    }
    const text = this.excerpt(percent, end);
    if (!valid) {
      const hint = s.startsWith('%25', percent) ? 'holds only unreserved or percent-encoded characters' : 'is introduced by "%25" (an encoded "%")';
      this.report('host-ipv6-invalid-zone-id', percent, end, 'host', `"${text}" is not a valid zone identifier; a zone ${hint} (RFC 6874).`);
      return;
    }
    host.zone = { start: percent + 3, end };
    if (!this.allowZoneId) {
      this.report(
        'host-ipv6-zone-id',
        percent,
        end,
        'host',
        `The IPv6 zone identifier "${text}" is not part of RFC 3986 (only RFC 6874) and browsers reject it.`,
      );
    }
  }

  // IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet
  isIPv4address(start: number, end: number): boolean {
    return isIPv4address(this.s, start, end);
  }

  // port = *DIGIT
  // A port is one number: however many runs of other characters it holds, it is reported once,
  // from the first of them to the end of the last (`4a0b` is one problem, not two).
  parsePort(start: number, end: number): void {
    const s = this.s;
    if (this.allIn(DIGIT, start, end)) return;
    const runs: string[] = [];
    let first = -1;
    let last = -1;
    for (let i = start; i < end; ) {
      const c = s.charCodeAt(i);
      if (c < 128 && DIGIT[c] === 1) {
        i++;
        continue;
      }
      let j = i + 1;
      while (j < end && !(s.charCodeAt(j) < 128 && DIGIT[s.charCodeAt(j)] === 1)) j++;
      if (first === -1) first = i;
      last = j;
      runs.push(s.slice(i, j));
      i = j;
    }
    if (first === -1 || this.full('port-invalid-char')) return;
    const distinct = [...new Set(runs)];
    const described = distinct.slice(0, 3).map(describeChars);
    const list = distinct.length > 3 ? `${described.join(', ')} and more` : described.length > 1 ? `${described.slice(0, -1).join(', ')} and ${described.at(-1)!}` : described[0]!;
    this.report('port-invalid-char', first, last, 'port', `The port "${this.excerpt(start, end)}" contains ${list}; a port holds only decimal digits.`);
  }

  /** Whether every character of `[start, end)` is in `allowed`. */
  allIn(allowed: CharTable, start: number, end: number): boolean {
    for (let i = start; i < end; i++) {
      const c = this.s.charCodeAt(i);
      if (!(c < 128 && allowed[c] === 1)) return false;
    }
    return true;
  }

  /** Reports each run of characters in `[start, end)` that `allowed` does not hold. */
  reportRunsOutside(
    allowed: CharTable,
    start: number,
    end: number,
    code: DiagnosticCode,
    component: Component,
    message: (run: string) => string,
  ): void {
    const s = this.s;
    let i = start;
    while (i < end) {
      const c = s.charCodeAt(i);
      if (c < 128 && allowed[c] === 1) {
        i++;
        continue;
      }
      let j = i + 1;
      while (j < end && !(s.charCodeAt(j) < 128 && allowed[s.charCodeAt(j)] === 1)) j++;
      if (!this.full(code)) this.report(code, i, j, component, message(describeChars(s.slice(i, j))));
      i = j;
    }
  }

  /**
   * path-abempty / path-absolute / path-noscheme / path-rootless / path-empty:
   * which one applies follows from what precedes the path (§3.3, §4.2). Its characters are
   * checked from `scanFrom` on: before it the fast path read only allowed characters and
   * triplets that raise nothing.
   */
  parsePath(start: number, end: number, hasScheme: boolean, hasAuthority: boolean, scanFrom: number): PathSpan {
    const s = this.s;
    let kind: PathKind;
    if (hasAuthority) kind = 'abempty';
    else if (start === end) kind = 'empty';
    else if (s.charCodeAt(start) === SLASH) kind = 'absolute';
    else kind = hasScheme ? 'rootless' : 'noscheme';

    const path = new Path(s, start, end, kind);
    // path-noscheme = segment-nz-nc *( "/" segment ): the first segment has no ":".
    if (kind === 'noscheme') {
      // The first segment's end, without building every segment (a noscheme path has no leading "/").
      let firstEnd = s.indexOf('/', start);
      if (firstEnd < 0 || firstEnd > end) firstEnd = end;
      const colon = s.indexOf(':', start);
      if (colon >= 0 && colon < firstEnd) {
        this.report(
          'path-colon-in-first-segment',
          colon,
          colon + 1,
          'path',
          `The relative reference "${this.excerpt(start, firstEnd)}…" has ":" in its first segment, so it would be read as a scheme; write "./" before it.`,
          [{ start, end: start, text: './' }],
        );
      }
    }
    this.scan(scanFrom, end, PATH_CHAR, PATH_RUN, 'path', 'path-unescaped-char');
    return path;
  }

  /**
   * Validates `[start, end)` against a component's character table: allowed
   * characters pass, `%` must start a triplet, anything else is reported in runs.
   */
  scan(start: number, end: number, allowed: CharTable, run: RegExp, component: Component, unescaped: UnescapedCode): void {
    const s = this.s;
    let i = start;
    while (i < end) {
      let c = s.charCodeAt(i);
      // `run` matches the characters of `allowed`. A caller often starts at a character outside
      // them, where the fast path stopped: no search for a run there.
      if (c < 128 && allowed[c] === 1) {
        i = skipRun(run, s, i);
        if (i >= end) break;
        c = s.charCodeAt(i);
      }
      if (c < 128) {
        if (c === PERCENT) {
          i = this.scanPercent(i, end, component);
        } else {
          i = this.reportAsciiRun(i, end, allowed, component, unescaped);
        }
      } else {
        i = this.scanNonAscii(i, end, component);
      }
    }
  }

  reportAsciiRun(start: number, end: number, allowed: CharTable, component: Component, unescaped: UnescapedCode): number {
    const s = this.s;
    // "[" and "]" in a registered name cannot be meant as data: a broken IP literal, not something to encode.
    const host = component === 'host';
    const first = s.charCodeAt(start);
    const bracket = host && (first === LBRACKET || first === RBRACKET);
    let j = start + 1;
    while (j < end) {
      const c = s.charCodeAt(j);
      if (c >= 128 || c === PERCENT || allowed[c] === 1 || (host && (c === LBRACKET || c === RBRACKET)) !== bracket) break;
      j++;
    }
    if (this.full(bracket ? 'host-invalid-char' : unescaped)) return j;
    const text = s.slice(start, j);
    const where = this.where(component, start);
    if (bracket) {
      this.report('host-invalid-char', start, j, component, `The host contains ${describeChars(text)}; brackets may only enclose an IP literal.`);
      return j;
    }
    let encoded = '';
    for (let k = 0; k < text.length; k++) encoded += encodeOctet(text.charCodeAt(k));
    const these = j - start === 1 ? 'it' : 'them';
    const described = j - start === 1 ? CAPITALIZED_ASCII[first]! : capitalize(describeChars(text));
    this.report(unescaped, start, j, component, `${described} must be percent-encoded in ${where}: write ${these} as "${shownEncoded(encoded)}".`, [
      { start, end: j, text: encoded },
    ]);
    return j;
  }

  /** `%` at `start`: a valid triplet, a run of octets to check as UTF-8, or invalid triplets. */
  scanPercent(start: number, end: number, component: Component): number {
    const s = this.s;
    if (this.isTriplet(start, end)) {
      return hexValue(s.charCodeAt(start + 1)) >= 8 ? this.scanOctetRun(start, end, component) : start + 3;
    }
    // pct-encoded = "%" HEXDIG HEXDIG — consecutive broken triplets are reported together.
    let j = start;
    do {
      j++;
      for (let n = 0; n < 2 && j < end && isAlphanumeric(s.charCodeAt(j)); n++) j++;
    } while (j < end && s.charCodeAt(j) === PERCENT && !this.isTriplet(j, end));
    if (this.full('pct-invalid-triplet')) return j;
    const raw = s.slice(start, j);
    let percents = 0;
    for (let k = 0; k < raw.length; k++) if (raw.charCodeAt(k) === PERCENT) percents++;
    // The run starts with its "%": with no other, the fix is one concatenation.
    const fixed = percents === 1 ? '%25' + raw.slice(1) : raw.replaceAll('%', '%25');
    // The run holds only "%" and ASCII letters and digits: up to excerpt's length it is its own excerpt.
    const text = j - start <= EXCERPT_MAX ? raw : this.excerpt(start, j);
    const what = percents > 1 ? `${percents} "%" signs in "${text}" are` : text === '%' ? '"%" is' : `"%" in "${text}" is`;
    this.report(
      'pct-invalid-triplet',
      start,
      j,
      component,
      `${what} not followed by two hexadecimal digits; a literal "%" is written "%25".`,
      [{ start, end: j, text: fixed }],
      lookalikeTriplet(raw, start),
    );
    return j;
  }

  isTriplet(i: number, end: number): boolean {
    return i + 2 < end && isHexDigit(this.s.charCodeAt(i + 1)) && isHexDigit(this.s.charCodeAt(i + 2));
  }

  /** A run of triplets whose first octet is ≥ 0x80: the octets should decode as UTF-8 (§2.5). */
  scanOctetRun(start: number, end: number, component: Component): number {
    const s = this.s;
    octets.length = 0;
    let i = start;
    while (i < end && s.charCodeAt(i) === PERCENT && this.isTriplet(i, end)) {
      octets.push((hexValue(s.charCodeAt(i + 1)) << 4) | hexValue(s.charCodeAt(i + 2)));
      i += 3;
    }
    let k = 0;
    let badFrom = -1;
    const flush = (to: number): void => {
      if (badFrom < 0) return;
      const from = start + 3 * badFrom;
      const until = start + 3 * to;
      this.report(
        'pct-invalid-utf8',
        from,
        until,
        component,
        `The octets "${this.excerpt(from, until)}" are not well-formed UTF-8, so they do not decode to text.`,
      );
      badFrom = -1;
    };
    while (k < octets.length) {
      const length = utf8SequenceLength(octets, k, octets.length);
      if (length === 0) {
        if (badFrom < 0) badFrom = k;
        k++;
      } else {
        flush(k);
        k += length;
      }
    }
    flush(k);
    return i;
  }

  /** Non-ASCII at `start`: an IRI character (allowed with `iri`), or an unpaired surrogate. */
  scanNonAscii(start: number, end: number, component: Component): number {
    const s = this.s;
    const first = s.codePointAt(start)!;
    if (first >= 0xd800 && first <= 0xdfff) {
      let j = start + 1;
      for (;;) {
        if (j >= end) break;
        const c = s.codePointAt(j)!;
        if (!(c >= 0xd800 && c <= 0xdfff)) break;
        j++;
      }
      const count = j - start;
      if (this.full('lone-surrogate')) return j;
      this.report(
        'lone-surrogate',
        start,
        j,
        component,
        count === 1
          ? `The unpaired surrogate U+${first.toString(16).toUpperCase()} in ${COMPONENT_NAMES[component]} is not a character and cannot be encoded.`
          : `${count} unpaired surrogates in ${COMPONENT_NAMES[component]} are not characters and cannot be encoded.`,
      );
      return j;
    }
    if (this.iri && this.allowedInIri(first, component)) return start + (first > 0xffff ? 2 : 1);
    let j = start;
    while (j < end) {
      const cp = s.codePointAt(j)!;
      if (cp < 0x80 || (cp >= 0xd800 && cp <= 0xdfff) || (this.iri && this.allowedInIri(cp, component))) break;
      j += cp > 0xffff ? 2 : 1;
    }
    if (this.full('iri-char')) return j;
    let encoded = '';
    for (let k = start; k < j; ) {
      const cp = s.codePointAt(k)!;
      encoded += encodeCodePoint(cp);
      k += cp > 0xffff ? 2 : 1;
    }
    const text = s.slice(start, j);
    const described = capitalize(describeChars(text));
    const why = this.iri ? 'not allowed even in an IRI' : 'allowed only in an IRI';
    const is = j - start === (first > 0xffff ? 2 : 1) ? 'is' : 'are';
    if (component === 'host') {
      this.report(
        'iri-char',
        start,
        j,
        component,
        `${described} in the host ${is} ${why}; convert the name to ASCII with IDNA (punycode), e.g. with domainToASCII.`,
      );
    } else {
      this.report('iri-char', start, j, component, `${described} in ${this.where(component, start)} ${is} ${why}; in a URI write ${is === 'is' ? 'it' : 'them'} percent-encoded as UTF-8: "${shownEncoded(encoded)}".`, [
        { start, end: j, text: encoded },
      ]);
    }
    return j;
  }

  allowedInIri(cp: number, component: Component): boolean {
    return isUcschar(cp) || (component === 'query' && isIprivate(cp));
  }

  /** The input between `start` and `end` for a message, shortened in the middle when long. */
  excerpt(start: number, end: number): string {
    return excerpt(this.s, start, end);
  }

  /** The width in UTF-16 code units of the character at `i` (2 for a surrogate pair). */
  charWidth(i: number): number {
    const c = this.s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = this.s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) return 2;
    }
    return 1;
  }
}

const sharedParser = new Parser();

/**
 * The path span. Its `segments` are computed on first use (most callers never
 * ask), then kept; `toJSON` includes them, so a serialized result is complete.
 */
class Path implements PathSpan {
  readonly start: number;
  readonly end: number;
  readonly kind: PathKind;
  #input: string;
  #segments: Span[] | undefined;

  constructor(input: string, start: number, end: number, kind: PathKind) {
    this.start = start;
    this.end = end;
    this.kind = kind;
    this.#input = input;
  }

  get segments(): Span[] {
    return (this.#segments ??= splitSegments(this.#input, this.start, this.end));
  }

  toJSON(): { start: number; end: number; kind: PathKind; segments: Span[] } {
    return { start: this.start, end: this.end, kind: this.kind, segments: this.segments };
  }
}

// IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet
// dec-octet   = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35
const DEC_OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9][0-9]|[0-9])';
const IPV4_ADDRESS = new RegExp(`${DEC_OCTET}(?:\\.${DEC_OCTET}){3}`, 'y');

/**
 * Whether `[start, end)` is an IPv4address. Every caller ends the range before a character that
 * is neither a digit nor ".", so the pattern's match ends at `end` exactly when the range is one
 * (each dec-octet tries its three-digit forms first). One search reads an address faster than a
 * loop over its characters; a host that does not start with a digit costs one read.
 */
function isIPv4address(s: string, start: number, end: number): boolean {
  if (end - start < 7 || end - start > 15 || !isDigit(s.charCodeAt(start))) return false;
  IPV4_ADDRESS.lastIndex = start;
  return IPV4_ADDRESS.test(s) && IPV4_ADDRESS.lastIndex === end;
}

/**
 * IPv6address (§3.2.2, all nine alternatives at once) read from `start`, no further than `limit`:
 * h16 groups separated by ":", at most one "::", an optional IPv4address as the last 32 bits;
 * eight 16-bit units without "::", at most seven with it. Returns where the address ends (the
 * first character that cannot continue it, or `limit`), or -1 when what was read is not an
 * address. Each character is read once; `[start, end)` is an address exactly when this returns `end`.
 */
function ipv6AddressEnd(s: string, start: number, limit: number): number {
  let i = start;
  let units = 0;
  let compressed = false;
  if (i < limit && s.charCodeAt(i) === COLON) {
    if (!(i + 1 < limit && s.charCodeAt(i + 1) === COLON)) return -1;
    compressed = true;
    i += 2;
  }
  let optional = compressed; // right after "::" a group may be absent
  for (;;) {
    const groupStart = i;
    let c = -1; // the character after the group's digits, -1 at `limit`
    for (; i < limit; i++) {
      c = s.charCodeAt(i);
      if (!(c < 128 && HEXDIG[c] === 1)) break;
      c = -1;
    }
    if (c === DOT) {
      // The IPv4 tail: its digits and dots from the group's start; nothing may follow it.
      let j = i + 1;
      while (j < limit) {
        const d = s.charCodeAt(j);
        if (d === DOT || (d >= 0x30 && d <= 0x39)) j++;
        else break;
      }
      if (!isIPv4address(s, groupStart, j)) return -1;
      units += 2;
      i = j;
      break;
    }
    if (i === groupStart) {
      if (optional) break;
      return -1;
    }
    if (i - groupStart > 4) return -1;
    units++;
    if (c !== COLON) break;
    if (i + 1 < limit && s.charCodeAt(i + 1) === COLON) {
      if (compressed) return -1;
      compressed = true;
      optional = true;
      i += 2;
    } else {
      optional = false; // a single ":" is followed by a group
      i += 1;
    }
  }
  return (compressed ? units <= 7 : units === 8) ? i : -1;
}

/**
 * The "]" that closes a valid IP literal whose "[" is at `open` (an IPv6address without a zone,
 * or an IPvFuture), or -1 when the literal is anything else: unterminated, invalid, with a zone
 * identifier. Used before the diagnosing parser, which reads every other literal.
 */
function ipLiteralClose(s: string, open: number): number {
  const n = s.length;
  let i = open + 1;
  if (i < n && (s.charCodeAt(i) | 0x20) === 0x76) {
    // IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
    i++;
    while (i < n && isHexDigit(s.charCodeAt(i))) i++;
    if (i === open + 2 || i === n || s.charCodeAt(i) !== DOT) return -1;
    const tail = ++i;
    while (i < n) {
      const c = s.charCodeAt(i);
      if (c < 128 && IPVFUTURE_TAIL[c] === 1) i++;
      else break;
    }
    if (i === tail) return -1;
  } else {
    i = ipv6AddressEnd(s, i, n);
    if (i < 0) return -1;
  }
  return i < n && s.charCodeAt(i) === RBRACKET ? i : -1;
}

/** Splits `[start, end)` at "/"; a leading "/" does not open an empty segment. */
function splitSegments(s: string, start: number, end: number): Span[] {
  const segments: Span[] = [];
  if (start === end) return segments;
  let segmentStart = s.charCodeAt(start) === SLASH ? start + 1 : start;
  for (;;) {
    let slash = s.indexOf('/', segmentStart);
    if (slash < 0 || slash >= end) slash = end;
    segments.push({ start: segmentStart, end: slash });
    if (slash === end) return segments;
    segmentStart = slash + 1;
  }
}

/**
 * Percent-encoded text (only "%" and hexadecimal digits) for a message: short, it is its own
 * excerpt, with nothing to show as U+XXXX; longer, `excerpt` shortens it.
 */
function shownEncoded(encoded: string): string {
  return encoded.length <= EXCERPT_MAX ? encoded : excerpt(encoded, 0, encoded.length);
}

/** No suggestion: shared, since `report` keeps only a non-empty list. */
const NO_SUGGESTIONS: Suggestion[] = [];

/** Letters typed for digits: O for 0, l and I for 1. */
const LOOKALIKE_DIGITS: Readonly<Record<string, string>> = { O: '0', o: '0', l: '1', I: '1' };

/**
 * The triplet probably meant when a look-alike letter broke it (`%2O` → `%20`),
 * as a suggestion; only for a printable octet ("50%off" must not become %0F).
 */
function lookalikeTriplet(text: string, start: number): Suggestion[] {
  if (text.length !== 3 || text.charCodeAt(0) !== PERCENT) return NO_SUGGESTIONS;
  const first = text.charAt(1);
  const second = text.charAt(2);
  if (first === '%' || second === '%') return NO_SUGGESTIONS;
  const firstDigit = LOOKALIKE_DIGITS[first];
  const secondDigit = LOOKALIKE_DIGITS[second];
  // Without a look-alike letter the repair would be the triplet itself: no suggestion.
  if (firstDigit === undefined && secondDigit === undefined) return NO_SUGGESTIONS;
  const repaired = ('%' + (firstDigit ?? first) + (secondDigit ?? second)).toUpperCase();
  const octet = Number.parseInt(repaired.slice(1), 16);
  if (repaired === text.toUpperCase() || !/^%[0-9A-F]{2}$/.test(repaired) || octet < 0x20 || octet === 0x7f) return NO_SUGGESTIONS;
  return [{ message: `Write the triplet "${repaired}".`, edits: [{ start, end: start + 3, text: repaired }] }];
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function isAlphanumeric(c: number): boolean {
  return c < 128 && (ALPHA[c] === 1 || DIGIT[c] === 1);
}

function capitalize(text: string): string {
  // What describeChars returns starts with a lower-case ASCII letter or a quote: no case mapping needed.
  const c = text.charCodeAt(0);
  if (c >= 0x61 && c <= 0x7a) return String.fromCharCode(c - 0x20) + text.slice(1);
  if (c === 0x22) return text;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** `capitalize(describeChar(c))` for each ASCII character, as a message about one begins. */
const CAPITALIZED_ASCII: readonly string[] = Array.from({ length: 128 }, (_, c) => capitalize(describeChar(c)));

function toInputString(input: unknown): string {
  if (typeof input === 'string') return input;
  try {
    return input == null ? '' : String(input);
  } catch {
    return '';
  }
}

/**
 * A sticky pattern matching a run, possibly empty, of the characters `table` holds (built from
 * the table, so the two cannot disagree). The regular expression engine reads a run of plain
 * characters faster than a `charCodeAt` loop, and at the same speed whatever the string's
 * internal representation (one- or two-byte, flat or concatenated).
 */
function runPattern(table: CharTable): RegExp {
  let members = '';
  for (let c = 0; c < 128; c++) if (table[c] === 1) members += '\\x' + c.toString(16).padStart(2, '0');
  return new RegExp(`[${members}]*`, 'y');
}

const SCHEME_RUN = runPattern(SCHEME_CHAR);
const REG_NAME_RUN = runPattern(REG_NAME);
const USERINFO_RUN = runPattern(USERINFO);
/** scheme ":" "//" and the run of reg-name characters that follows, from the input's start. */
const HEAD = new RegExp(`[A-Za-z]${SCHEME_RUN.source}://${REG_NAME_RUN.source}`, 'y');
const PATH_RUN = runPattern(PATH_CHAR);
const QUERY_RUN = runPattern(QUERY);
const FRAGMENT_RUN = runPattern(FRAGMENT);

/**
 * The triplets that `tripletEnd` reads past, as a pattern: one that encodes an ASCII octet, or the
 * two to four of one well-formed UTF-8 sequence (§2.5; the ranges of `utf8SequenceLength`).
 */
const HEX = '[0-9A-Fa-f]';
const CONTINUATION = `%[89ABab]${HEX}`; // %x80-BF
const TRIPLETS =
  `%(?:[0-7]${HEX}` + // %x00-7F
  `|[Cc][2-9A-Fa-f]${CONTINUATION}|[Dd]${HEX}${CONTINUATION}` + // %xC2-DF, then %x80-BF
  `|[Ee]0%[ABab]${HEX}${CONTINUATION}` + // %xE0 %xA0-BF %x80-BF
  `|[Ee][1-9A-Ca-cEeFf]${CONTINUATION}${CONTINUATION}` + // %xE1-EC / %xEE-EF, then two of %x80-BF
  `|[Ee][Dd]%[89]${HEX}${CONTINUATION}` + // %xED %x80-9F %x80-BF
  `|[Ff]0%[9ABab]${HEX}${CONTINUATION}${CONTINUATION}` + // %xF0 %x90-BF, then two of %x80-BF
  `|[Ff][1-3]${CONTINUATION}${CONTINUATION}${CONTINUATION}` + // %xF1-F3, then three of %x80-BF
  `|[Ff]4%8${HEX}${CONTINUATION}${CONTINUATION})`; // %xF4 %x80-8F, then two of %x80-BF

/**
 * A run of `table`'s characters and of the triplets `tripletEnd` reads past, in one search: a
 * reference's triplets no longer end a run, each of which would cost another search (and a
 * `tripletEnd`). It stops where the loops that call it stop, at the first character that is
 * neither, or at a "%" that `tripletEnd` answers -1 for.
 */
function runWithTriplets(table: CharTable): RegExp {
  const run = runPattern(table).source;
  return new RegExp(`${run}(?:${TRIPLETS}${run})*`, 'y');
}

const PATH_TRIPLETS_RUN = runWithTriplets(PATH_CHAR);
const QUERY_TRIPLETS_RUN = runWithTriplets(QUERY);
const FRAGMENT_TRIPLETS_RUN = runWithTriplets(FRAGMENT);
/** The rest of an authority: up to the "/", "?" or "#" that ends it (RFC 3986 §3.2). */
const AUTHORITY_REST = /[^/?#]*/y;
/** The rest of a path: up to the "?" or "#" that ends it (RFC 3986 §3.3). */
const PATH_REST = /[^?#]*/y;

/** The end of the run of `run`'s characters that starts at `from` (`from` ≤ `s.length`). */
function skipRun(run: RegExp, s: string, from: number): number {
  run.lastIndex = from;
  run.test(s);
  return run.lastIndex;
}

/**
 * Where the triplet at `s[i]` (a "%") ends, with the triplets that complete its UTF-8 sequence
 * (§2.5), or -1 when the diagnosing scan must look: not a triplet, or octets that are not
 * well-formed UTF-8 (the rules of `utf8SequenceLength`). A triplet's digits are never a
 * component's delimiter, so the sequence lies inside the component being read.
 */
function tripletEnd(s: string, i: number): number {
  const h1 = s.charCodeAt(i + 1);
  const h2 = s.charCodeAt(i + 2);
  if (!isHexDigit(h1) || !isHexDigit(h2)) return -1;
  const b0 = (hexValue(h1) << 4) | hexValue(h2);
  if (b0 < 0x80) return i + 3;
  let length: number;
  let lo = 0x80;
  let hi = 0xbf;
  if (b0 >= 0xc2 && b0 <= 0xdf) length = 2;
  else if (b0 >= 0xe0 && b0 <= 0xef) {
    length = 3;
    if (b0 === 0xe0) lo = 0xa0;
    else if (b0 === 0xed) hi = 0x9f;
  } else if (b0 >= 0xf0 && b0 <= 0xf4) {
    length = 4;
    if (b0 === 0xf0) lo = 0x90;
    else if (b0 === 0xf4) hi = 0x8f;
  } else return -1;
  let j = i + 3;
  for (let k = 1; k < length; k++) {
    if (s.charCodeAt(j) !== PERCENT) return -1;
    const c1 = s.charCodeAt(j + 1);
    const c2 = s.charCodeAt(j + 2);
    if (!isHexDigit(c1) || !isHexDigit(c2)) return -1;
    const b = (hexValue(c1) << 4) | hexValue(c2);
    if (b < lo || b > hi) return -1;
    lo = 0x80;
    hi = 0xbf;
    j += 3;
  }
  return j;
}

/**
 * Parses and validates an RFC 3986 URI reference. Never throws; linear time.
 *
 * Components are split as in Appendix B (first match wins) and each is a
 * `{ start, end }` span into the input, absent when the component is undefined
 * (`http://h` has no query; `http://h?` has an empty one). `valid` is true
 * exactly when the input matches `URI-reference`; every problem is reported in
 * `diagnostics` at its own range.
 *
 * Each component is read in one pass over its rule's table; only a character
 * outside the table sends that component to the diagnosing `Parser` methods.
 */
export function parse(input: string, options?: ParseOptions): UriReference {
  // `'' +` checks that `s` is a string (no copy is made), so that `s.length` compiles to a plain read.
  // `charCodeAt` and `indexOf` are called on constants rather than read off `s`: V8 records, at each
  // read of a property of a string, the kinds of string met there (sequential, rope, slice,
  // internalized; one- or two-byte), and past four kinds the read is a generic lookup on every call.
  // A linter meets every kind: read off the string, parse ran 10-14% slower on flat strings once it
  // had met ropes (bench/README.md). They are local because a bundled module-level constant becomes a
  // `var`, which the compiler cannot fold into the call.
  const s = '' + toInputString(input);
  const charCodeAt = String.prototype.charCodeAt;
  const indexOf = String.prototype.indexOf;
  const max = options?.maxDiagnostics ?? DEFAULT_MAX_DIAGNOSTICS;
  const parser = sharedParser.reset(s, max >= 0 ? max : 0, options?.iri === true, options?.allowZoneId === true);
  const n = s.length;
  let i = 0;
  let end = 0; // where a run of percent-encoded triplets ends

  // scheme: ^(([^:/?#]+):)? — then ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
  let scheme: Span | undefined;
  // Most absolute URIs start with a valid scheme, "//" and a run of reg-name characters: one
  // pattern reads all three, and the authority's loop below starts after that run.
  let hostRunEnd = -1;
  HEAD.lastIndex = 0;
  if (HEAD.test(s)) {
    hostRunEnd = HEAD.lastIndex;
    i = indexOf.call(s, ':'); // the scheme's characters hold no ":"
    scheme = { start: 0, end: i };
  } else if (i < n) {
    // A reference that starts with "/", "?" or "#" has no scheme: no search for one.
    const first = charCodeAt.call(s, 0);
    if (first !== SLASH && first !== QUESTION && first !== HASH) i = skipRun(SCHEME_RUN, s, 0);
  }
  if (hostRunEnd < 0 && i < n) {
    const c = charCodeAt.call(s, i);
    if (c === COLON) {
      if (i > 0) {
        scheme = { start: 0, end: i };
        const first = charCodeAt.call(s, 0);
        if (ALPHA[first] !== 1) parser.parseScheme(i);
      }
    } else if (c !== SLASH && c !== QUESTION && c !== HASH) {
      // Not a scheme character: Appendix B still reads a scheme up to a ":" that comes before any "/?#".
      let j = i + 1;
      while (j < n) {
        const d = charCodeAt.call(s, j);
        if (d === COLON || d === SLASH || d === QUESTION || d === HASH) break;
        j++;
      }
      if (j < n && charCodeAt.call(s, j) === COLON) {
        scheme = { start: 0, end: j };
        parser.parseScheme(j);
      }
    }
  }
  i = scheme ? scheme.end + 1 : 0;

  // authority = [ userinfo "@" ] host [ ":" port ], after "//"
  let authority: Span | undefined;
  let userinfo: Span | undefined;
  let host: HostSpan | undefined;
  let port: Span | undefined;
  if (hostRunEnd >= 0 || (charCodeAt.call(s, i) === SLASH && charCodeAt.call(s, i + 1) === SLASH)) {
    const start = i + 2;
    // An IP literal first (IPv6 without a zone, or IPvFuture), with at most a port after it: valid
    // by construction, read once, without the diagnosing parser's searches for "@", "]" and "%".
    const close = (hostRunEnd < 0 || hostRunEnd === start) && charCodeAt.call(s, start) === LBRACKET ? ipLiteralClose(s, start) : -1;
    if (close >= 0) {
      let portStart = -1;
      i = close + 1;
      if (i < n && charCodeAt.call(s, i) === COLON) {
        portStart = ++i;
        while (i < n && isDigit(charCodeAt.call(s, i))) i++;
      }
      const c = i < n ? charCodeAt.call(s, i) : SLASH;
      if (c === SLASH || c === QUESTION || c === HASH) {
        authority = { start, end: i };
        host = { start, end: close + 1, kind: (charCodeAt.call(s, start + 1) | 0x20) === 0x76 ? 'ipvfuture' : 'ipv6' };
        if (portStart >= 0) port = { start: portStart, end: i };
      } else {
        i = start; // something else follows the literal: the diagnosing parser reads the authority
      }
    }
    if (authority === undefined) {
      let at = -1;
      let colon = -1;
      let colons = 0;
      let plain = true;
      for (i = start; ; i++) {
        if (hostRunEnd >= 0) {
          i = hostRunEnd;
          hostRunEnd = -1;
        } else {
          i = skipRun(REG_NAME_RUN, s, i);
        }
        if (i === n) break;
        const c = charCodeAt.call(s, i);
        if (c === COLON) {
          if (colon < 0) {
            // The usual port, digits up to the authority's end: read here rather than by another
            // search for the run of reg-name characters that would stop at the same place.
            let k = i + 1;
            while (k < n && isDigit(charCodeAt.call(s, k))) k++;
            const d = k < n ? charCodeAt.call(s, k) : SLASH;
            if (d === SLASH || d === QUESTION || d === HASH) {
              colon = i;
              colons++;
              i = k;
              break;
            }
            colon = i;
          }
          colons++;
        } else if (c === SLASH || c === QUESTION || c === HASH) {
          break;
        } else if (c === AT && at < 0) {
          at = i;
          colon = -1;
          colons = 0;
        } else {
          // A second "@", "[", "%" or another character: parseAuthority reads the authority again
          // and says what is wrong; only its end is wanted here.
          plain = false;
          i = skipRun(AUTHORITY_REST, s, i);
          break;
        }
      }
      authority = { start, end: i };
      if (plain && colons <= 1) {
        // Only unreserved, sub-delims, one "@" and at most one ":" after it: userinfo and
        // host are valid by construction; only the port's digits remain to be checked.
        const hostStart = at >= 0 ? at + 1 : start;
        const hostEnd = colon >= 0 ? colon : i;
        if (at >= 0) userinfo = { start, end: at };
        host = { start: hostStart, end: hostEnd, kind: parser.isIPv4address(hostStart, hostEnd) ? 'ipv4' : 'reg-name' };
        if (colon >= 0) {
          port = { start: colon + 1, end: i };
          for (let k = colon + 1; k < i; k++) {
            const c = charCodeAt.call(s, k);
            if (!(c >= 0x30 && c <= 0x39)) {
              parser.parsePort(colon + 1, i);
              break;
            }
          }
        }
      } else {
        parser.parseAuthority(start, i);
        userinfo = parser.userinfo;
        host = parser.host;
        port = parser.port;
      }
    }
  }

  // path: path-abempty / path-absolute / path-noscheme / path-rootless / path-empty
  const pathStart = i;
  let pathClean = true;
  let next = -1; // the character at i once the path is read, -1 at the end or when not known
  for (;;) {
    if (i < n) i = skipRun(PATH_TRIPLETS_RUN, s, i);
    if (i === n) break;
    const c = charCodeAt.call(s, i);
    if (c === QUESTION || c === HASH) {
      next = c;
      break;
    }
    if (c === PERCENT && (end = tripletEnd(s, i)) >= 0) {
      i = end;
    } else {
      pathClean = false;
      break;
    }
  }
  let path: PathSpan;
  if (pathClean && !(scheme === undefined && authority === undefined && pathStart < i && charCodeAt.call(s, pathStart) === COLON)) {
    let kind: PathKind;
    if (authority) kind = 'abempty';
    else if (i === pathStart) kind = 'empty';
    else if (charCodeAt.call(s, pathStart) === SLASH) kind = 'absolute';
    else kind = scheme ? 'rootless' : 'noscheme';
    path = new Path(s, pathStart, i, kind);
  } else {
    const stop = i;
    i = skipRun(PATH_REST, s, i);
    if (scheme !== undefined && scheme.end - scheme.start === 4 && s.slice(0, 4).toLowerCase() === 'data') {
      const comma = indexOf.call(s, ',', pathStart);
      if (comma >= 0 && comma < i) parser.dataComma = comma;
    }
    path = parser.parsePath(pathStart, i, scheme !== undefined, authority !== undefined, stop);
    if (i < n) next = charCodeAt.call(s, i);
  }

  // query = *( pchar / "/" / "?" )
  let query: Span | undefined;
  if (next === QUESTION) {
    const start = i + 1;
    for (i = start; ; ) {
      if (i < n) i = skipRun(QUERY_TRIPLETS_RUN, s, i);
      if (i === n) break;
      const c = charCodeAt.call(s, i);
      if (c === HASH) break;
      if (c === PERCENT && (end = tripletEnd(s, i)) >= 0) {
        i = end;
        continue;
      }
      const from = i;
      i = indexOf.call(s, '#', i);
      if (i < 0) i = n;
      parser.scan(from, i, QUERY, QUERY_RUN, 'query', 'query-unescaped-char');
      break;
    }
    query = { start, end: i };
  }

  // fragment = *( pchar / "/" / "?" )
  let fragment: Span | undefined;
  if (i < n) {
    const start = i + 1;
    for (i = start; ; ) {
      if (i < n) i = skipRun(FRAGMENT_TRIPLETS_RUN, s, i);
      if (i === n) break;
      if (charCodeAt.call(s, i) === PERCENT && (end = tripletEnd(s, i)) >= 0) {
        i = end;
        continue;
      }
      parser.scan(i, n, FRAGMENT, FRAGMENT_RUN, 'fragment', 'fragment-unescaped-char');
      break;
    }
    fragment = { start, end: n };
  }

  if (parser.truncated) {
    parser.diagnostics.push({
      code: 'too-many-diagnostics',
      severity: 'info',
      start: 0,
      end: n,
      message: `More than ${parser.maxDiagnostics} problems were found; only the first ${parser.maxDiagnostics} are listed.`,
      spec: SYNTAX_CODES['too-many-diagnostics'].spec,
      component: 'path',
    });
  }

  const valid = !parser.hasError;
  const kind = scheme ? 'uri' : 'relative-ref';
  const diagnostics = parser.diagnostics;
  // A message never quotes a password or a secret query value (`"%zz"` of `user:ab%zzcd@host`).
  if (diagnostics.length > 0 && (userinfo !== undefined || query !== undefined)) redactDiagnostics(s, diagnostics, secretSpansIn(s, userinfo, query));
  // Keys in component order; undefined components are absent, not `undefined`. The usual shapes
  // (no userinfo, no port) are object literals: adding keys one by one gives each result one of
  // some forty hidden classes, and each assignment below a lookup among them. (Literals for the
  // shapes with a port as well measured slower on both corpora: more shapes where results are read.)
  if (userinfo === undefined && port === undefined && (authority === undefined) === (host === undefined)) {
    const shape = (scheme ? 1 : 0) | (query ? 2 : 0) | (fragment ? 4 : 0) | (authority ? 8 : 0);
    switch (shape) {
      case 0:
        return { input: s, valid, kind, path, diagnostics };
      case 1:
        return { input: s, valid, kind, scheme: scheme!, path, diagnostics };
      case 2:
        return { input: s, valid, kind, path, query: query!, diagnostics };
      case 3:
        return { input: s, valid, kind, scheme: scheme!, path, query: query!, diagnostics };
      case 4:
        return { input: s, valid, kind, path, fragment: fragment!, diagnostics };
      case 5:
        return { input: s, valid, kind, scheme: scheme!, path, fragment: fragment!, diagnostics };
      case 6:
        return { input: s, valid, kind, path, query: query!, fragment: fragment!, diagnostics };
      case 7:
        return { input: s, valid, kind, scheme: scheme!, path, query: query!, fragment: fragment!, diagnostics };
      case 8:
        return { input: s, valid, kind, authority: authority!, host: host!, path, diagnostics };
      case 9:
        return { input: s, valid, kind, scheme: scheme!, authority: authority!, host: host!, path, diagnostics };
      case 10:
        return { input: s, valid, kind, authority: authority!, host: host!, path, query: query!, diagnostics };
      case 11:
        return { input: s, valid, kind, scheme: scheme!, authority: authority!, host: host!, path, query: query!, diagnostics };
      case 12:
        return { input: s, valid, kind, authority: authority!, host: host!, path, fragment: fragment!, diagnostics };
      case 13:
        return { input: s, valid, kind, scheme: scheme!, authority: authority!, host: host!, path, fragment: fragment!, diagnostics };
      case 14:
        return { input: s, valid, kind, authority: authority!, host: host!, path, query: query!, fragment: fragment!, diagnostics };
      case 15:
        return { input: s, valid, kind, scheme: scheme!, authority: authority!, host: host!, path, query: query!, fragment: fragment!, diagnostics };
    }
  }
  if (userinfo === undefined && port !== undefined && authority !== undefined && host !== undefined) {
    const shape = (scheme ? 1 : 0) | (query ? 2 : 0) | (fragment ? 4 : 0);
    switch (shape) {
      case 0:
        return { input: s, valid, kind, authority, host, port, path, diagnostics };
      case 1:
        return { input: s, valid, kind, scheme: scheme!, authority, host, port, path, diagnostics };
      case 2:
        return { input: s, valid, kind, authority, host, port, path, query: query!, diagnostics };
      case 3:
        return { input: s, valid, kind, scheme: scheme!, authority, host, port, path, query: query!, diagnostics };
      case 4:
        return { input: s, valid, kind, authority, host, port, path, fragment: fragment!, diagnostics };
      case 5:
        return { input: s, valid, kind, scheme: scheme!, authority, host, port, path, fragment: fragment!, diagnostics };
      case 6:
        return { input: s, valid, kind, authority, host, port, path, query: query!, fragment: fragment!, diagnostics };
      case 7:
        return { input: s, valid, kind, scheme: scheme!, authority, host, port, path, query: query!, fragment: fragment!, diagnostics };
    }
  }
  const result: UriReference = { input: s, valid, kind } as UriReference;
  if (scheme) result.scheme = scheme;
  if (authority) result.authority = authority;
  if (userinfo) result.userinfo = userinfo;
  if (host) result.host = host;
  if (port) result.port = port;
  result.path = path;
  if (query) result.query = query;
  if (fragment) result.fragment = fragment;
  result.diagnostics = diagnostics;
  return result;
}
