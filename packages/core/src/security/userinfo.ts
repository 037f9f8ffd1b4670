import { diagnostic } from '../diagnostic.js';
import { excerpt } from '../messages.js';
import { tryPercentDecode } from '../percent.js';
import { parse } from '../parse.js';
import type { Diagnostic, Span, Suggestion, UriReference } from '../types.js';
import { leadingHostToken, looksLikeHostname } from './hostlike.js';
import { isLocalOrReservedHost } from './insecure.js';
import { SPECIAL_SCHEMES } from '../whatwg/url.js';
import { WEB_SCHEMES } from './ports.js';
import { maskSpans, SECRET_BULLET, secretSpans, shownInput } from './secrets.js';
import { textOf } from './spans.js';

const URL_PREFIX = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * True when the userinfo reads as a host or a URL (RFC 3986 §7.6): its user
 * name, percent-decoded, starts with a host name (`www.example.com&story=…`,
 * `trusted.example`) or it holds a URL (`https:%2F%2Fgood.example`). A plain
 * user name (`user`, `anonymous`, `git`, `john.doe`) does not.
 */
export function userinfoLooksLikeHost(userinfo: string): boolean {
  const decoded = tryPercentDecode(userinfo) ?? userinfo;
  if (URL_PREFIX.test(decoded)) return true;
  const user = decoded.split(':', 1)[0]!;
  return looksLikeHostname(leadingHostToken(user));
}

function removal(reference: UriReference, userinfo: Span): Suggestion {
  return {
    message: `Remove the userinfo "${excerpt(shownInput(reference), userinfo.start, userinfo.end)}@".`,
    edits: [{ start: userinfo.start, end: userinfo.end + 1, text: '' }],
  };
}

function hostPhrase(reference: UriReference): string {
  const host = reference.host;
  const userinfo = reference.userinfo;
  const scheme = reference.scheme === undefined ? '' : textOf(reference, reference.scheme).toLowerCase();
  // A browser ends the authority of a special URL at a backslash, as at "/": it contacts what stands before it.
  const backslash = userinfo === undefined ? -1 : reference.input.indexOf('\\', reference.authority?.start ?? userinfo.start);
  if (SPECIAL_SCHEMES.has(scheme) && userinfo !== undefined && backslash >= 0 && backslash < userinfo.end) {
    const start = reference.authority?.start ?? userinfo.start;
    const rfc = host === undefined || host.start === host.end ? 'an empty host' : `"${excerpt(reference.input, host.start, host.end)}"`;
    return `RFC 3986 reads the host as ${rfc} (everything before the "@" a user name), while a browser reads the "\\" as "/" and contacts "${excerpt(shownInput(reference), start, backslash)}"`;
  }
  if (host === undefined || host.start === host.end) return 'the host is empty';
  return `the host contacted is "${excerpt(reference.input, host.start, host.end)}"`;
}


/** True for http, https, ws and wss, where a user name has no use but to leak (RFC 9110 §4.2.4). */
function isWeb(reference: UriReference): boolean {
  const scheme = reference.scheme;
  return scheme !== undefined && WEB_SCHEMES.has(textOf(reference, scheme).toLowerCase());
}

/**
 * Credentials and misleading text in the userinfo: `userinfo-looks-like-host`
 * (any scheme), `userinfo-password` (any scheme; a non-empty password — `user:`
 * with an empty one is a user name only) and `userinfo-username` (info; only for
 * http, https, ws and wss, since `ftp://anonymous@` and `ssh://git@` name
 * accounts as their protocols intend; not added beside a
 * `userinfo-looks-like-host`, which already covers it).
 */
export function checkUserinfo(reference: UriReference): Diagnostic[] {
  const userinfo = reference.userinfo;
  if (userinfo === undefined || userinfo.start === userinfo.end) return [];
  const text = textOf(reference, userinfo);
  const shown = excerpt(shownInput(reference), userinfo.start, userinfo.end);
  const suggestion = [removal(reference, userinfo)];
  const out: Diagnostic[] = [];
  const misleading = userinfoLooksLikeHost(text);
  if (misleading) {
    out.push(
      diagnostic(
        'userinfo-looks-like-host',
        userinfo.start,
        userinfo.end,
        'userinfo',
        hostPhrase(reference).startsWith('RFC 3986')
          ? `The userinfo "${shown}" looks like a host: ${hostPhrase(reference)}.`
          : `The userinfo "${shown}" looks like a host, but ${hostPhrase(reference)}: everything before the "@" is only a user name sent to it.`,
        undefined,
        suggestion,
      ),
    );
  }
  const colon = text.indexOf(':');
  if (colon >= 0 && colon < text.length - 1) {
    const start = userinfo.start + colon + 1;
    out.push(
      diagnostic(
        'userinfo-password',
        start,
        userinfo.end,
        'userinfo',
        `The userinfo holds a password (${userinfo.end - start} ${userinfo.end - start === 1 ? 'character' : 'characters'}): it is stored and shown in clear wherever the URI goes (logs, history, proxies, referrers)${isWeb(reference) ? ', and fetch() rejects a URL with credentials' : ''}.`,
        undefined,
        suggestion,
      ),
    );
  } else if (!misleading && colon !== 0 && isWeb(reference)) {
    const user = excerpt(reference.input, userinfo.start, colon < 0 ? userinfo.end : userinfo.start + colon);
    out.push(
      diagnostic(
        'userinfo-username',
        userinfo.start,
        userinfo.end,
        'userinfo',
        `The userinfo names the user "${user}": it is sent to the server and logged with the URI, and fetch() rejects a URL with credentials.`,
        undefined,
        suggestion,
      ),
    );
  }
  return out;
}

/**
 * The URI with the password in its userinfo replaced by `mask` (RFC 3986
 * §3.2.1: "user:password" is deprecated; §7.5: it must not be displayed):
 * the userinfo `ann:s3cret` is shown as `ann:••••`. A URI without a password
 * is returned as it is. `maskSecrets` hides the secret query values too.
 */
export function maskPassword(uri: string, reference: UriReference = parse(uri), mask = '••••'): string {
  if (reference.input !== uri) return uri;
  const password = passwordSpan(reference);
  return password === undefined ? uri : maskSpans(uri, [password], 0, mask);
}

/**
 * The URI with every secret masked (`secretSpans`: the password, and the values of `access_token`,
 * `api_key`, `X-Amz-Signature`…): each character as a bullet by default, so the text keeps its
 * length (`ann:••••••@host`, `?access_token=••••`), or each secret as a whole replaced by `mask`.
 */
export function maskSecrets(uri: string, reference: UriReference = parse(uri), mask = SECRET_BULLET): string {
  if (reference.input !== uri) return uri;
  return maskSpans(uri, secretSpans(reference), 0, mask);
}

/**
 * Where the password of the userinfo is (`s3cret` in `ann:s3cret@host`), what `maskPassword`
 * hides: for outputs that show the source around a URI rather than the URI (a code frame).
 * `undefined` without a password (no `:` in the userinfo); an empty span for `user:@host`.
 */
export function passwordSpan(reference: UriReference): Span | undefined {
  const userinfo = reference.userinfo;
  if (userinfo === undefined) return undefined;
  const colon = reference.input.indexOf(':', userinfo.start);
  if (colon < 0 || colon >= userinfo.end) return undefined;
  return { start: colon + 1, end: userinfo.end };
}

/** Passwords that stand for one in examples, docs and tests (compared without case). */
const PLACEHOLDER_PASSWORDS = new Set(['password', 'passwd', 'pass', 'pwd', 'secret', 'changeme', 'change-me', 'example', 'test', 'dummy', 'foo', 'bar', 'mypassword', 'yourpassword', 'your-password', 'your_password']);

/**
 * Whether the password in a URI's userinfo is a stand-in rather than a secret: the host is local
 * or reserved for examples and tests (`localhost`, loopback, `example.com`, `*.test`, `*.example`,
 * `*.invalid`, `*.localhost`; RFC 2606, RFC 6761), or the password itself is a placeholder
 * (`password`, `secret`, `changeme`, `xxx`, `***`, `<password>`, `{{ pass }}`, `${PASSWORD}`). False
 * when there is no password.
 */
export function isPlaceholderCredential(reference: UriReference): boolean {
  const userinfo = reference.userinfo;
  if (userinfo === undefined) return false;
  const text = textOf(reference, userinfo);
  const colon = text.indexOf(':');
  if (colon < 0 || colon === text.length - 1) return false;
  if (reference.host !== undefined && isLocalOrReservedHost(textOf(reference, reference.host))) return true;
  const password = text.slice(colon + 1);
  return (
    PLACEHOLDER_PASSWORDS.has(password.toLowerCase()) ||
    /^(?:x+|\*+|\.+|_+|-+|0+|1234\d*)$/i.test(password) ||
    /^(?:<[^<>]*>|\[[^[\]]*\]|\{[^{}]*\}|%3C.*%3E|\$\{?[A-Za-z_][A-Za-z0-9_]*\}?)$/i.test(password)
  );
}
