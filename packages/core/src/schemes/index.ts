/**
 * Scheme knowledge and scheme-specific rules (spec §8, §9). Everything here
 * reads a parsed reference's spans and adds `warning`/`info` diagnostics; it
 * never changes `valid`. Adding a scheme is one module file and one line in `MODULES`.
 */
import { diagnostic } from '../diagnostic.js';
import type { Diagnostic, Suggestion, UriReference } from '../types.js';
import { data } from './data.js';
import { file } from './file.js';
import { http } from './http.js';
import { mailto } from './mailto.js';
import { quote, schemeName, schemeText, type Report, type SchemeModule } from './module.js';
import { defaultPort } from './ports.js';
import { SCHEME_REGISTRY } from './registry.generated.js';
import { tel } from './tel.js';
import { urn } from './urn.js';
import { ws } from './ws.js';

export { DEFAULT_PORTS, defaultPort, HOST_LIST_SCHEMES, hostListOf, type HostListEntry } from './ports.js';
export type { Report, SchemeModule } from './module.js';

/** The scheme modules; each checks the schemes it names. */
const MODULES: readonly SchemeModule[] = [http, ws, file, mailto, urn, data, tel];

const MODULE_BY_NAME = new Map<string, SchemeModule>(MODULES.flatMap((m) => m.names.map((name) => [name, m] as const)));

/** What the registry knows of a scheme. */
export interface SchemeInfo {
  /** Lower-case name. */
  name: string;
  /** IANA registration status, or `unofficial` for common unregistered schemes. */
  status: 'permanent' | 'provisional' | 'historical' | 'unofficial';
  /** Where the scheme is specified, when the source says. */
  reference?: string;
}

// HTML §8.8.1.3 (registerProtocolHandler): a custom scheme is "web+" followed by
// one or more ASCII lower alphas (checked after ASCII lower-casing).
const WEB_PLUS = /^web\+[a-z]+$/;

/**
 * Schemes whose URIs name a resource or an address to contact, so an editor may open them as a
 * link. The others run code (`javascript:`, `vbscript:`), embed their content (`data:`, `blob:`)
 * or mean nothing outside one program: a link never opens them.
 */
const NAVIGABLE_SCHEMES = new Set(['http', 'https', 'ftp', 'ftps', 'file', 'mailto', 'tel', 'ws', 'wss', 'urn', 'news', 'git', 'ssh', 'sftp', 'irc', 'ircs', 'xmpp', 'sip', 'sips']);

/** Whether a link to a URI of this scheme (case-insensitive) may be opened: see `NAVIGABLE_SCHEMES`. */
export function isNavigableScheme(name: string): boolean {
  return NAVIGABLE_SCHEMES.has(name.toLowerCase());
}

/** The registry entry of `name` (case-insensitive); `web+…` schemes are known by their prefix. */
export function lookupScheme(name: string): SchemeInfo | undefined {
  const key = String(name).toLowerCase();
  if (Object.hasOwn(SCHEME_REGISTRY, key)) {
    const entry = SCHEME_REGISTRY[key];
    if (entry === undefined) return undefined;
    const [status, reference] = entry;
    return reference === undefined ? { name: key, status } : { name: key, status, reference };
  }
  if (WEB_PLUS.test(key)) return { name: key, status: 'unofficial', reference: 'HTML (registerProtocolHandler)' };
  return undefined;
}

/** Typos are resolved to these first, in this order, whatever else is one edit away. */
const PREFERRED = ['https', 'http', 'wss', 'ws', 'mailto', 'ftp', 'file', 'tel', 'data'];

/** Then by status; two candidates in the best status make the answer ambiguous. */
const STATUS_RANK: Record<SchemeInfo['status'], number> = { permanent: 0, provisional: 1, unofficial: 2, historical: 3 };

/** The registry's names, once. */
let registryNames: readonly string[] | undefined;

/**
 * True when `a` and `b` are at Damerau–Levenshtein distance exactly 1: one
 * substitution, insertion, deletion or transposition of adjacent characters.
 * Linear: past the common prefix, the rests must match after that one edit.
 */
function oneEditApart(a: string, b: string): boolean {
  const la = a.length;
  const lb = b.length;
  if (a === b || Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a[i] === b[i]) i++;
  if (la === lb) {
    return a.slice(i + 1) === b.slice(i + 1) || (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2));
  }
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** A known scheme one edit away from `name` (`htps` → `https`), if exactly one is best. */
export function suggestScheme(name: string): string | undefined {
  const key = String(name).toLowerCase();
  // Names of one or two letters are one edit from dozens of schemes (and `c:` is a drive letter).
  if (key.length < 3 || lookupScheme(key) !== undefined) return undefined;
  for (const preferred of PREFERRED) if (oneEditApart(key, preferred)) return preferred;
  registryNames ??= Object.keys(SCHEME_REGISTRY);
  let best: string | undefined;
  let bestRank = Infinity;
  let tied = false;
  for (const candidate of registryNames) {
    if (candidate.length < 3 || !oneEditApart(key, candidate)) continue;
    const entry = SCHEME_REGISTRY[candidate];
    const rank = entry === undefined ? Infinity : STATUS_RANK[entry[0]];
    if (rank < bestRank) {
      best = candidate;
      bestRank = rank;
      tied = false;
    } else if (rank === bestRank) {
      tied = true;
    }
  }
  return tied ? undefined : best;
}

// scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )          (RFC 3986 §3.1)
const SCHEME = /^[a-z][a-z0-9+.-]*$/i;

// A host name where a scheme was expected (spec §8): `localhost`, or dot-separated
// labels `alphanum *( alphanum / "-" )` ending alphanumeric (`www.example.com`, `127.0.0.1`).
const HOST_LIKE = /^(?:localhost|[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+)$/i;
const LOOPBACK = /^(?:localhost|.+\.localhost|127(?:\.\d{1,3}){3}|0\.0\.0\.0)$/i;
// The port digits, then the end of the path or a "/".
const PORT_THEN_PATH = /^(\d+)(?:\/|$)/;

/**
 * `localhost:3000/x`, `example.com:80`, `127.0.0.1:8080`: what precedes ":" is a
 * host name and what follows starts with digits, so a host and port were meant,
 * but RFC 3986 reads a scheme (spec §8). Answers whether it reported.
 */
function checkAbbreviated(reference: UriReference, name: string, report: Report): boolean {
  const { input, scheme, authority, path } = reference;
  if (scheme === undefined || authority !== undefined || !HOST_LIKE.test(name)) return false;
  const port = PORT_THEN_PATH.exec(input.slice(path.start, path.end));
  if (port === null || port[1] === undefined) return false;
  const end = path.start + port[1].length;
  const written = input.slice(scheme.start, scheme.end);
  const order = LOOPBACK.test(name) ? ['http://', 'https://'] : ['https://', 'http://'];
  const suggestions: Suggestion[] = order.map((prefix) => ({
    message: `Write "${prefix}" before it: "${prefix}${input.slice(scheme.start, end)}".`,
    edits: [{ start: scheme.start, end: scheme.start, text: prefix }],
  }));
  report(
    diagnostic(
      'scheme-abbreviated-uri',
      scheme.start,
      end,
      'scheme',
      `${quote(input, scheme.start, end)} reads as the scheme "${written}" followed by the path ${quote(input, path.start, path.end)}, not as a host and port; a URI needs a scheme and "//" before the host.`,
      undefined,
      suggestions,
    ),
  );
  return true;
}

// A relative reference whose path starts with "http//" or "https//" (also ws, wss, ftp):
// the ":" after the scheme was forgotten.
const MISSING_COLON = /^(https?|wss?|ftp)\/\//i;

function checkMissingColon(reference: UriReference, report: Report): void {
  const { input, path } = reference;
  if (path.start !== 0) return;
  const match = MISSING_COLON.exec(input.slice(path.start, Math.min(path.end, path.start + 8)));
  if (match === null || match[1] === undefined) return;
  const word = match[1];
  const at = path.start + word.length;
  report(
    diagnostic(
      'scheme-missing-colon',
      path.start,
      at + 2,
      'path',
      `"${word}//" has no ":" after "${word}", so ${quote(input, path.start, path.end)} is a relative path, not a URI.`,
      undefined,
      [{ message: `Insert ":" after "${word}": "${word}://…".`, edits: [{ start: at, end: at, text: ':' }] }],
    ),
  );
}

/** Unknown schemes and typos of known ones. */
function checkKnown(reference: UriReference, name: string, report: Report): void {
  const scheme = reference.scheme;
  if (scheme === undefined || !SCHEME.test(name) || lookupScheme(name) !== undefined) return;
  const written = schemeText(reference);
  const typo = suggestScheme(name);
  if (typo !== undefined) {
    report(
      diagnostic(
        'scheme-typo',
        scheme.start,
        scheme.end,
        'scheme',
        `The scheme "${written}" is unknown; "${typo}" is one letter away, so this is probably a typo and no client will handle the URI.`,
        undefined,
        [{ message: `Replace "${written}" with "${typo}".`, edits: [{ start: scheme.start, end: scheme.end, text: typo }] }],
      ),
    );
    return;
  }
  report(
    diagnostic(
      'scheme-unknown',
      scheme.start,
      scheme.end,
      'scheme',
      `The scheme "${written}" is neither registered with IANA nor a known unregistered scheme; only an application that registered it can open this URI.`,
    ),
  );
}

// port = *DIGIT (RFC 3986 §3.2.3). The schemes with a default port run over TCP
// or UDP, whose ports are 16-bit: 0–65535.
function checkPortRange(reference: UriReference, name: string, report: Report): void {
  const { input, port } = reference;
  if (port === undefined || port.start === port.end || defaultPort(name) === undefined) return;
  let i = port.start;
  for (let k = port.start; k < port.end; k++) {
    const c = input.charCodeAt(k);
    if (c < 0x30 || c > 0x39) return; // port-invalid-char: the grammar's
  }
  while (i < port.end - 1 && input.charCodeAt(i) === 0x30) i++;
  if (port.end - i <= 5 && Number(input.slice(i, port.end)) <= 65535) return;
  report(
    diagnostic(
      'port-out-of-range',
      port.start,
      port.end,
      'port',
      `The port ${quote(input, port.start, port.end)} is out of range: ${name} ports are 0–65535, so browsers and clients reject the URI.`,
    ),
  );
}

/**
 * Scheme knowledge and scheme-specific rules for a parsed reference: unknown
 * schemes and typos, abbreviated URIs read as a scheme (`localhost:3000/x`),
 * and the rules of http(s), ws(s), file, mailto, urn, data and tel.
 */
export function checkScheme(reference: UriReference): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const report: Report = (d) => {
    diagnostics.push(d);
  };
  if (reference.scheme === undefined) {
    checkMissingColon(reference, report);
    return diagnostics;
  }
  const name = schemeName(reference);
  const known = lookupScheme(name) !== undefined;
  if (!known && checkAbbreviated(reference, name, report)) return diagnostics;
  checkKnown(reference, name, report);
  checkPortRange(reference, name, report);
  MODULE_BY_NAME.get(name)?.check(reference, report);
  return diagnostics;
}
