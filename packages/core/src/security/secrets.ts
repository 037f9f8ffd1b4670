/**
 * The secrets a URI may carry and their masking: the password of the userinfo (RFC 3986 §3.2.1:
 * "user:password" is deprecated; §7.5: it should not be displayed) and the values of query
 * parameters that are credentials by name (`access_token`, `api_key`, AWS Signature Version 4's
 * `X-Amz-Signature` and `X-Amz-Credential`…). Every text urilint writes — messages, code frames,
 * hovers, `explain` — shows them through `maskSpans`, so a log never holds one.
 */
import { CODES } from '../codes.js';
import type { Diagnostic, Span, UriReference } from '../types.js';

/**
 * Query parameters whose value is a credential, compared without case: OAuth 2.0 (RFC 6749 §4.2.2,
 * §5.1, §2.3.1; RFC 6750 §2.3 `access_token`), OpenID Connect's `id_token`, API keys as services name
 * them, AWS Signature Version 4 presigned URLs (`X-Amz-Signature`, `X-Amz-Credential`,
 * `X-Amz-Security-Token`), Google Cloud Storage signed URLs (`X-Goog-Signature`, `X-Goog-Credential`)
 * and Azure shared access signatures (`sig`).
 */
export const SECRET_QUERY_PARAMETERS: ReadonlySet<string> = new Set([
  'access_token',
  'refresh_token',
  'id_token',
  'client_secret',
  'api_key',
  'apikey',
  'api-key',
  'key',
  'token',
  'auth',
  'password',
  'passwd',
  'pwd',
  'secret',
  'signature',
  'sig',
  'x-amz-signature',
  'x-amz-credential',
  'x-amz-security-token',
  'x-goog-signature',
  'x-goog-credential',
]);

/** What stands for each character of a secret where the text keeps its length (a code frame, a message). */
export const SECRET_BULLET = '•';

/** Whether a query parameter's name (as written; `%5F`, `+` decoded) names a credential. */
export function isSecretParameter(name: string): boolean {
  let decoded = name;
  if (name.includes('%')) {
    try {
      decoded = decodeURIComponent(name);
    } catch {
      decoded = name;
    }
  }
  return SECRET_QUERY_PARAMETERS.has(decoded.toLowerCase());
}

/** A secret of a URI: where it is and what it is, for a message that must not show it. */
export interface SecretSpan extends Span {
  /** `the password` or `the value of the query parameter "access_token"`. */
  what: string;
}

/**
 * The secrets of the URI `input` with these spans (`userinfo` without its `@`, `query` without its
 * `?`): the password after the first `:` of the userinfo when it is not empty, and the value of each
 * query parameter that `isSecretParameter` names, when it is not empty. In order of position.
 */
export function secretSpansIn(input: string, userinfo: Span | undefined, query: Span | undefined): SecretSpan[] {
  const out: SecretSpan[] = [];
  if (userinfo !== undefined) {
    const colon = input.indexOf(':', userinfo.start);
    if (colon >= 0 && colon + 1 < userinfo.end) out.push({ start: colon + 1, end: userinfo.end, what: 'the password' });
  }
  if (query !== undefined && query.end > query.start && input.indexOf('=', query.start) >= 0) {
    let at = query.start;
    while (at <= query.end) {
      let amp = input.indexOf('&', at);
      if (amp < 0 || amp > query.end) amp = query.end;
      const equals = input.indexOf('=', at);
      if (equals >= 0 && equals < amp && equals + 1 < amp) {
        const name = input.slice(at, equals).replace(/\+/g, ' ');
        if (isSecretParameter(name)) out.push({ start: equals + 1, end: amp, what: `the value of the query parameter "${name}"` });
      }
      at = amp + 1;
    }
  }
  return out;
}

/**
 * `text`, which starts at offset `from` of the text the spans index into, with each character of
 * each span shown as `mask` when `mask` is one character (the length kept: carets and offsets still
 * line up), or each span replaced by `mask` as a whole (`••••`: the length hidden too).
 */
export function maskSpans(text: string, spans: readonly Span[], from = 0, mask = SECRET_BULLET): string {
  if (spans.length === 0) return text;
  let out = '';
  let at = 0;
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    const a = Math.max(span.start - from, at);
    const b = Math.min(span.end - from, text.length);
    if (a >= b) continue;
    out += text.slice(at, a) + (mask.length === 1 ? mask.repeat(b - a) : mask);
    at = b;
  }
  return out + text.slice(at);
}

/** The secrets of a parsed URI (`secretSpansIn` over its userinfo and query). */
export function secretSpans(reference: UriReference): SecretSpan[] {
  return secretSpansIn(reference.input, reference.userinfo, reference.query);
}

/**
 * The input of `reference` with each character of its secrets shown as a bullet: same length, so a
 * message quotes it with the offsets of the input (`The userinfo "www.paypal.com:•••••" looks like…`).
 */
export function shownInput(reference: UriReference): string {
  return maskSpans(reference.input, secretSpans(reference));
}

/** Code-span backticks of a summary as quotes: a message is plain text. */
function plain(summary: string): string {
  return summary.replace(/`([^`]*)`/g, (_, code: string) => (code.includes('"') ? code : `"${code}"`));
}

/**
 * Takes the secrets out of the messages of `diagnostics` (which index into `input`), in place: a
 * diagnostic inside a secret (a broken `%zz` in a password) says what is wrong without quoting it;
 * in every other message and suggestion, each secret's text, as written and percent-decoded, is
 * shown as bullets where the message quotes (`"…"`). The messages that quote the URI around a secret build their quotes from the
 * masked input (`maskSpans`) already; this is what no message can get past.
 */
export function redactDiagnostics(input: string, diagnostics: Diagnostic[], secrets: readonly SecretSpan[]): void {
  if (secrets.length === 0 || diagnostics.length === 0) return;
  const texts = secretTextsOf(input, secrets);
  for (const diagnostic of diagnostics) {
    const inside = secrets.find((secret) => secret.start <= diagnostic.start && diagnostic.end <= secret.end && diagnostic.start < diagnostic.end);
    if (inside !== undefined && diagnostic.code !== 'userinfo-password') {
      const info = CODES[diagnostic.code];
      diagnostic.message = `In ${inside.what} (${diagnostic.end - diagnostic.start} of its ${inside.end - inside.start} characters, not shown here): ${plain(info.summary)}`;
      if (diagnostic.suggestions !== undefined) {
        for (const suggestion of diagnostic.suggestions) suggestion.message = info.fix === '—' ? `Change ${inside.what} (not shown here).` : `Change ${inside.what} (not shown here): ${plain(info.fix)}.`;
      }
      continue;
    }
    diagnostic.message = redactQuoted(diagnostic.message, texts);
    if (diagnostic.suggestions !== undefined) for (const suggestion of diagnostic.suggestions) suggestion.message = redactQuoted(suggestion.message, texts);
  }
}

/** The texts of the secrets as written and, where it differs, percent-decoded; longest first. */
function secretTextsOf(input: string, secrets: readonly Span[]): string[] {
  const texts: string[] = [];
  for (const secret of secrets) {
    const raw = input.slice(secret.start, secret.end);
    texts.push(raw);
    if (raw.includes('%') || raw.includes('+')) {
      try {
        const decoded = decodeURIComponent(raw.replace(/\+/g, ' '));
        if (decoded !== raw) texts.push(decoded);
      } catch {
        // Not UTF-8 once decoded: only the written form can appear.
      }
    }
  }
  return texts.sort((a, b) => b.length - a.length);
}

/** `text` with each occurrence of each of `texts` (three characters or more) as bullets. */
function redactTexts(text: string, texts: readonly string[]): string {
  let out = text;
  for (const secret of texts) if (secret.length >= 3 && out.includes(secret)) out = out.split(secret).join(SECRET_BULLET.repeat(secret.length));
  return out;
}

/** A message with `redactTexts` applied inside its quotes only, where it quotes the URI: its own words stay (a password "password"). */
function redactQuoted(message: string, texts: readonly string[]): string {
  return message.includes('"') ? message.replace(/"[^"]*"/g, (quoted) => redactTexts(quoted, texts)) : message;
}

/**
 * `text` — anything written about the URI of `reference`: a JSON report, a normal form, a fixed
 * URI — with every occurrence of its secrets, as written or percent-decoded, shown as bullets.
 * Where the text is the URI itself or keeps its offsets, `maskSpans` masks by position instead.
 */
export function redactSecrets(text: string, reference: UriReference): string {
  const secrets = secretSpans(reference);
  return secrets.length === 0 ? text : redactTexts(text, secretTextsOf(reference.input, secrets));
}
