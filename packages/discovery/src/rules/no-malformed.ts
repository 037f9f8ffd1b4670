import { hostListOf, SYNTAX_CODES, type DiagnosticCode } from '@urilint/core';
import type { UriCandidate } from '../candidate.js';
import { findingOf } from '../finding.js';
import { isSqliteMemoryUrl, isUnixSocketUrl } from '../shape.js';
import { CORE_MESSAGE, defineCheck, diagnosticsOf, SUGGESTION_MESSAGE } from './rule.js';

/** The grammar's errors other than escaping: those belong to no-unescaped-chars and no-invalid-percent-encoding. */
export const MALFORMED_CODES: ReadonlySet<DiagnosticCode> = new Set(
  (Object.keys(SYNTAX_CODES) as DiagnosticCode[]).filter(
    (code) => SYNTAX_CODES[code as keyof typeof SYNTAX_CODES].severity === 'error' && !code.endsWith('-unescaped-char') && code !== 'iri-char' && !code.startsWith('pct-'),
  ),
);

function fixDescription(code: DiagnosticCode): string {
  if (code === 'host-ipv6-missing-brackets') return 'Enclose the IPv6 address in brackets.';
  if (code === 'path-colon-in-first-segment') return 'Write "./" before the path so its first segment is not read as a scheme.';
  return 'Apply the repair.';
}

/**
 * Whether the URI names its port with a word or a variable in running text
 * (`postgresql://user@hostname:port/db`, `http://$NODE_IP:$NODE_PORT` in a comment that explains a
 * format): a placeholder, not a port written wrong.
 */
function placeholderPort(candidate: UriCandidate): boolean {
  const port = candidate.reference.port;
  return candidate.context === 'prose' && port !== undefined && /^(?:\$\{?)?[A-Za-z_][A-Za-z0-9_]*\}?$/.test(candidate.uri.slice(port.start, port.end));
}

/**
 * Whether the authority is a host list its scheme defines (`mongodb://h1:27017,h2:27017/db`, libpq's
 * `postgresql://h1:5432,h2/db`): RFC 3986 reads one port from the first `:`, the scheme reads several
 * hosts. Each port is digits, or in running text a word standing for one (`127.0.0.1:port,host2:port`).
 */
function hostList(candidate: UriCandidate): boolean {
  const { scheme, host, authority } = candidate.reference;
  if (scheme === undefined || host === undefined || authority === undefined) return false;
  const entries = hostListOf(candidate.uri.slice(scheme.start, scheme.end), candidate.uri.slice(host.start, authority.end));
  const port = candidate.context === 'prose' ? /^(?:\d*|(?:\$\{?)?[A-Za-z_][A-Za-z0-9_]*\}?)$/ : /^\d*$/;
  return entries !== undefined && entries.every((entry) => entry.port === undefined || port.test(entry.port));
}

/**
 * Whether the port is built around a hole and a domain name follows it (`"https://user:" + ("@" *
 * 10000) + "example.com"`): the hole's value ends the userinfo with its `@`, and what follows is the
 * host, not more of a port. A port written around a hole alone (`:${port}x`) is still reported.
 */
function hostAfterHoleInPort(candidate: UriCandidate): boolean {
  const port = candidate.reference.port;
  if (port === undefined) return false;
  const hole = candidate.holes.findLast((h) => h.start < port.end && port.start < h.end);
  return hole !== undefined && /^[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/.test(candidate.uri.slice(hole.end, port.end));
}

export default defineCheck({
  name: 'no-malformed',
  recommended: true,
  strict: true,
  messages: { malformed: CORE_MESSAGE, suggestion: SUGGESTION_MESSAGE },
  defaultOptions: {},
  check(candidate) {
    return diagnosticsOf(candidate, { codes: MALFORMED_CODES, from: 'reference', namespaces: true })
      // In a UNIX-socket URL (`http://unix:/var/run/x.sock:/path`) what follows `unix:` is the socket's path, not a port;
      // in `sqlite://:memory:` SQLite's name for an in-memory database.
      .filter((diagnostic) => !(diagnostic.code.startsWith('port-') && (placeholderPort(candidate) || hostAfterHoleInPort(candidate) || isUnixSocketUrl(candidate) || isSqliteMemoryUrl(candidate) || hostList(candidate))))
      .map((diagnostic) => {
        // Core's mechanical repair (brackets around an IPv6 host, "./" before a path) changes
        // what the string means, so it is offered, not applied.
        const suggestions = diagnostic.fix ? [{ message: fixDescription(diagnostic.code), edits: diagnostic.fix }] : [];
        return findingOf(this.name, candidate, { ...diagnostic, suggestions }, 'malformed', { suggest: 'suggestion' });
      });
  },
});
