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
} from '../../src/charsets.js';
import { CODES, type DiagnosticCode } from '../../src/codes.js';
import { COMPONENT_NAMES, describeChar, describeChars, excerpt } from './messages-before.js';
import { encodeCodePoint, encodeOctet, utf8SequenceLength } from '../../src/percent.js';
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
} from '../../src/types.js';

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
    return this;
  }

  /**
   * True when no more diagnostics are recorded; it still settles `valid` and
   * marks the truncation, so callers may skip building the message and fix.
   */
  full(code: DiagnosticCode): boolean {
    if (this.diagnostics.length < this.maxDiagnostics) return false;
    if (CODES[code].severity === 'error') this.hasError = true;
    this.truncated = true;
    return true;
  }

  report(code: DiagnosticCode, start: number, end: number, component: Component, message: string, fix?: TextEdit[], suggestions?: Suggestion[]): void {
    const info = CODES[code];
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

  /** `parseIPv6address`'s rules as a yes/no answer; `diagnoseIPv6address` says what is wrong. */
  isIPv6address(start: number, end: number): boolean {
    const s = this.s;
    if (start === end) return false;
    let units = 0;
    let compression = -1;
    let i = start;
    if (s.charCodeAt(i) === COLON) {
      if (!(i + 1 < end && s.charCodeAt(i + 1) === COLON)) return false;
      compression = i;
      i += 2;
    }
    while (i < end) {
      let j = i;
      let hasDot = false;
      while (j < end) {
        const c = s.charCodeAt(j);
        if (c === COLON) break;
        if (c === DOT) hasDot = true;
        j++;
      }
      if (hasDot) {
        if (j < end || !this.isIPv4address(i, j)) return false;
        units += 2;
      } else if (j === i || j - i > 4) {
        return false;
      } else {
        for (let k = i; k < j; k++) if (!isHexDigit(s.charCodeAt(k))) return false;
        units += 1;
      }
      i = j;
      if (i < end) {
        if (i + 1 < end && s.charCodeAt(i + 1) === COLON) {
          if (compression >= 0) return false;
          compression = i;
          i += 2;
        } else {
          i += 1;
          if (i === end) return false;
        }
      }
    }
    return compression < 0 ? units === 8 : units <= 7;
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
      let empty = false;
      let j = i;
      let hasDot = false;
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
  // dec-octet   = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35
  isIPv4address(start: number, end: number): boolean {
    const s = this.s;
    if (end - start < 7 || end - start > 15) return false;
    let octetCount = 0;
    let i = start;
    for (;;) {
      let j = i;
      let value = 0;
      while (j < end && j - i < 4) {
        const c = s.charCodeAt(j);
        if (!(c < 128 && DIGIT[c] === 1)) break;
        value = value * 10 + (c - 0x30);
        j++;
      }
      const length = j - i;
      if (length === 0 || length > 3 || value > 255 || (length > 1 && s.charCodeAt(i) === 0x30)) return false;
      octetCount++;
      if (j === end) return octetCount === 4;
      if (s.charCodeAt(j) !== DOT || octetCount === 4) return false;
      i = j + 1;
    }
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
   * which one applies follows from what precedes the path (§3.3, §4.2).
   */
  parsePath(start: number, end: number, hasScheme: boolean, hasAuthority: boolean): PathSpan {
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
    this.scan(start, end, PATH_CHAR, PATH_RUN, 'path', 'path-unescaped-char');
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
      i = skipRun(run, s, i); // `run` matches the characters of `allowed`
      if (i >= end) break;
      const c = s.charCodeAt(i);
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
    const isBracket = (c: number): boolean => component === 'host' && (c === LBRACKET || c === RBRACKET);
    const bracket = isBracket(s.charCodeAt(start));
    let j = start + 1;
    while (j < end) {
      const c = s.charCodeAt(j);
      if (c >= 128 || c === PERCENT || allowed[c] === 1 || isBracket(c) !== bracket) break;
      j++;
    }
    if (this.full(bracket ? 'host-invalid-char' : unescaped)) return j;
    const text = s.slice(start, j);
    const where = COMPONENT_NAMES[component];
    if (bracket) {
      this.report('host-invalid-char', start, j, component, `The host contains ${describeChars(text)}; brackets may only enclose an IP literal.`);
      return j;
    }
    let encoded = '';
    for (let k = 0; k < text.length; k++) encoded += encodeOctet(text.charCodeAt(k));
    const these = j - start === 1 ? 'it' : 'them';
    this.report(unescaped, start, j, component, `${capitalize(describeChars(text))} must be percent-encoded in ${where}: write ${these} as "${excerpt(encoded, 0, encoded.length)}".`, [
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
    const fixed = raw.replaceAll('%', '%25');
    const text = this.excerpt(start, j);
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
      this.report('iri-char', start, j, component, `${described} in ${COMPONENT_NAMES[component]} ${is} ${why}; in a URI write ${is === 'is' ? 'it' : 'them'} percent-encoded as UTF-8: "${excerpt(encoded, 0, encoded.length)}".`, [
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

/** Letters typed for digits: O for 0, l and I for 1. */
const LOOKALIKE_DIGITS: Readonly<Record<string, string>> = { O: '0', o: '0', l: '1', I: '1' };

/**
 * The triplet probably meant when a look-alike letter broke it (`%2O` → `%20`),
 * as a suggestion; only for a printable octet ("50%off" must not become %0F).
 */
function lookalikeTriplet(text: string, start: number): Suggestion[] {
  if (text.length !== 3 || text.charCodeAt(0) !== PERCENT) return [];
  const first = text.charAt(1);
  const second = text.charAt(2);
  if (first === '%' || second === '%') return [];
  const firstDigit = LOOKALIKE_DIGITS[first];
  const secondDigit = LOOKALIKE_DIGITS[second];
  // Without a look-alike letter the repair would be the triplet itself: no suggestion.
  if (firstDigit === undefined && secondDigit === undefined) return [];
  const repaired = ('%' + (firstDigit ?? first) + (secondDigit ?? second)).toUpperCase();
  const octet = Number.parseInt(repaired.slice(1), 16);
  if (repaired === text.toUpperCase() || !/^%[0-9A-F]{2}$/.test(repaired) || octet < 0x20 || octet === 0x7f) return [];
  return [{ message: `Write the triplet "${repaired}".`, edits: [{ start, end: start + 3, text: repaired }] }];
}

function isAlphanumeric(c: number): boolean {
  return c < 128 && (ALPHA[c] === 1 || DIGIT[c] === 1);
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

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
  const s = toInputString(input);
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
    i = s.indexOf(':'); // the scheme's characters hold no ":"
    scheme = { start: 0, end: i };
  } else {
    i = skipRun(SCHEME_RUN, s, 0);
  }
  if (hostRunEnd < 0 && i < n) {
    const c = s.charCodeAt(i);
    if (c === COLON) {
      if (i > 0) {
        scheme = { start: 0, end: i };
        const first = s.charCodeAt(0);
        if (ALPHA[first] !== 1) parser.parseScheme(i);
      }
    } else if (c !== SLASH && c !== QUESTION && c !== HASH) {
      // Not a scheme character: Appendix B still reads a scheme up to a ":" that comes before any "/?#".
      let j = i + 1;
      while (j < n) {
        const d = s.charCodeAt(j);
        if (d === COLON || d === SLASH || d === QUESTION || d === HASH) break;
        j++;
      }
      if (j < n && s.charCodeAt(j) === COLON) {
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
  if (hostRunEnd >= 0 || (s.charCodeAt(i) === SLASH && s.charCodeAt(i + 1) === SLASH)) {
    const start = i + 2;
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
      const c = s.charCodeAt(i);
      if (c === COLON) {
        if (colon < 0) colon = i;
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
          const c = s.charCodeAt(k);
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

  // path: path-abempty / path-absolute / path-noscheme / path-rootless / path-empty
  const pathStart = i;
  let pathClean = true;
  for (;;) {
    i = skipRun(PATH_RUN, s, i);
    if (i === n) break;
    const c = s.charCodeAt(i);
    if (c === QUESTION || c === HASH) break;
    if (c === PERCENT && (end = tripletEnd(s, i)) >= 0) {
      i = end;
    } else {
      pathClean = false;
      break;
    }
  }
  let path: PathSpan;
  if (pathClean && !(scheme === undefined && authority === undefined && pathStart < i && s.charCodeAt(pathStart) === COLON)) {
    let kind: PathKind;
    if (authority) kind = 'abempty';
    else if (i === pathStart) kind = 'empty';
    else if (s.charCodeAt(pathStart) === SLASH) kind = 'absolute';
    else kind = scheme ? 'rootless' : 'noscheme';
    path = new Path(s, pathStart, i, kind);
  } else {
    i = skipRun(PATH_REST, s, i);
    path = parser.parsePath(pathStart, i, scheme !== undefined, authority !== undefined);
  }

  // query = *( pchar / "/" / "?" )
  let query: Span | undefined;
  if (i < n && s.charCodeAt(i) === QUESTION) {
    const start = i + 1;
    for (i = start; ; ) {
      i = skipRun(QUERY_RUN, s, i);
      if (i === n) break;
      const c = s.charCodeAt(i);
      if (c === HASH) break;
      if (c === PERCENT && (end = tripletEnd(s, i)) >= 0) {
        i = end;
        continue;
      }
      const from = i;
      i = s.indexOf('#', i);
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
      i = skipRun(FRAGMENT_RUN, s, i);
      if (i === n) break;
      if (s.charCodeAt(i) === PERCENT && (end = tripletEnd(s, i)) >= 0) {
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
      spec: CODES['too-many-diagnostics'].spec,
      component: 'path',
    });
  }

  const valid = !parser.hasError;
  const kind = scheme ? 'uri' : 'relative-ref';
  const diagnostics = parser.diagnostics;
  // Keys in component order; undefined components are absent, not `undefined`. The usual shapes
  // (no userinfo, no port) are object literals: adding keys one by one gives each result one of
  // some forty hidden classes, and each assignment below a lookup among them.
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
