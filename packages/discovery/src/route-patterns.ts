/**
 * Route patterns written like URLs: `http://localhost/posts/:postId{[abc]+}` (Hono),
 * `https://api.github.com/repos/:owner/:repo/contents{/*path}` (path-to-regexp 8, React Router),
 * `http://localhost:*` and `wss://:service.mswjs.io` (MSW). A router matches requests against them; nothing requests them as
 * written, so their pattern syntax is a hole, exactly like an RFC 6570 `{var}`: never reported, never
 * touched by a fix, with the URL around it still checked.
 */
import { findUriTemplateExpressions, type Span } from '@urilint/core';

/** A path parameter (`/:id`, `{/:id}`): the mark of a route pattern (Express, path-to-regexp, Hono, MSW, React Router). */
const PATH_PARAMETER = /[/{]:[A-Za-z_$][\w$]*/;

/**
 * A template parameter with its regular expression (`{id:[0-9]+}`, `{name: .*}`): JAX-RS's `@Path`,
 * Spring's request mappings and Feign's `UriTemplate` (`https://example.com/{foo:[0-9]{4}}/{bar}`).
 * The mark of a template whose `{…}` groups are parameters, each a hole whole, braces of its
 * expression included.
 */
const REGEX_PARAMETER = /\{[A-Za-z_][\w.-]*\s*:(?!\d+\})[^{}]*[^{}\s\d][^{}]*[{}]/;

/** A port that is a wildcard (`http://localhost:*`, `ws://*.example.com:*` then a path): only a pattern has one. */
const WILDCARD_PORT = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^/?#]*:(\*)(?=[/?#]|$)/;

/** The host of `scheme://host`, after any userinfo: where a wildcard label (`ws://*`, `http://*.localhost`) is a pattern's. */
const HOST = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/(?:[^/?#@]*@)?([^/?#:]*)/;

/**
 * A parameter in the host (`wss://:service.mswjs.io`): a URL's authority never has a `:` right after
 * `//` or a `.` — unless an `@` follows in the authority: then the `:` is the userinfo's, and what
 * follows it a password (`redis://:password@host`, `redis://default.user:password@host`), which a
 * router's pattern never writes. And only for the schemes routers match (HTTP and WebSocket: MSW's
 * `http.get`, `ws.link`): `redis://:name` is no route.
 */
const HOST_PARAMETER = /^(?:https?|wss?):\/\/(?:[^/?#:@]*\.)?(:[A-Za-z_$][\w$]*)(?![^/?#]*@)/;

/**
 * What a person is meant to put in: `<username>`, `<repo name>`, `[USERNAME]`, `{your-id}`,
 * `YOUR_TOKEN`, `API_KEY_HERE` (a name of three characters or more: `<x>` is a test's literal). Written in documentation and examples, replaced before the URL is
 * used: a hole, so nothing inside it is reported or fixed (`%3Cusername%3E` is no better a URL).
 * `[…]` in capitals, or a whole path segment of words joined by `-`, `_` or a space
 * (`unittests/scans/[parser-name]` in a template for new documentation): `?filter[name]=` is a
 * query's own (unescaped) syntax, and an IP literal has a `:`. Pelican's intra-site link placeholders are holes too: `{filename}` (above) and its
 * legacy `|filename|`, `|static|`… (https://docs.getpelican.com/en/latest/content.html#linking-to-internal-content),
 * replaced by the page's URL when the site is built. webpack's template strings are holes too, after a `/`, `?`,
 * `.`, `=`, `_` or `-` (`http://[resource-path]?[loaders]`, `[name].[contenthash:8].js`), which webpack replaces
 * (https://webpack.js.org/configuration/output/#template-strings). A path segment of three or more `#`
 * (`issues/### where ### is the bug number`) stands for a number to put in, and a sentence in
 * capitals between ellipses for what to write (OWASP's `?test=...ESCAPE UNTRUSTED DATA BEFORE PUTTING HERE...`).
 * A `{name}` written percent-encoded is one too: a generated client's default
 * `https://%7BTENANT%7D.auth0.com/api/v2`, whose host the caller replaces.
 */
const HUMAN_PLACEHOLDER = /%7[Bb][A-Za-z][\w.-]{2,40}%7[Dd]|<[A-Za-z][\w .-]{2,40}>|\[[A-Z][A-Z0-9_ -]{2,40}\]|(?<=\/)\[[a-z][a-z0-9]*(?:[-_ ][a-z0-9]+){1,5}\](?=[/?#"')\s]|$)|\{[A-Za-z][\w.-]{2,40}\}|(?<=[/?.=_-])\[(?:fullhash|hash|chunkhash|contenthash|modulehash|id|name|runtime|file|query|fragment|base|path|ext|url|resource|resource-path|absolute-resource-path|all-loaders|loaders|namespace|folder|module|moduleid|identifier)(?::\d+)?\]|\|(?:filename|static|attach|category|tag|author|index)\||\bYOUR[_-][A-Z0-9_-]+|\b[A-Z][A-Z0-9_]*_HERE\b|(?<=\/)#{3,}(?![^/?\s])|\.\.\.[A-Z][A-Z ]{3,}[A-Z](?:\.\.\.|$)/g;

/**
 * What every hole above holds: `{` (an expression, a group), `*` (a wildcard), `/:` or `.:` (a
 * parameter), `<`, `[` or `|` (a placeholder), or a placeholder's `YOUR` or `_HERE`.
 */
const MAYBE_HOLE = /[{*<[|]|[/.]:|YOUR|_HERE|\/###|\.\.\.[A-Z]|%7[Bb]/;

/** What an IP literal's brackets hold (RFC 3986 §3.2.2, RFC 6874's zone): an IPv6 address or an IPvFuture. */
const IP_LITERAL_BODY = /^(?:[0-9A-Fa-f]*:[0-9A-Fa-f:.]*(?:%25[\w.~-]+)?|[vV][0-9A-Fa-f]+\.[\w.~!$&'()*+,;=:-]+)$/;

/** An optional port in a URL's grammar, `[:PORT]`, `[:port]`: one `:` and a name that is no hexadecimal group. */
const OPTIONAL_PORT = /^:(?![0-9A-Fa-f]*$)[A-Za-z_][\w-]*$/;

/**
 * The optional parts of a URL's grammar, written as documentation and usage lines write one
 * (node-redis: `unix://[user[:password]@]/path/to/sock[?db=N]`, `redis://[[username][:password]@][host][:port]`):
 * when a `[…]` group nests another or encloses a URI delimiter (`@`, `?`, `#`, `/`), which no IP literal
 * does, or is an optional port (`redis://HOST[:PORT]`, which no IP literal can be: none starts with one `:`), the text describes URLs rather than being one, and each of its outermost `[…]` groups that is no
 * IP literal is an optional part: a hole. Linear: one pass over the brackets.
 */
function optionalParts(text: string): Span[] {
  const groups: Span[] = [];
  let grammar = false;
  let depth = 0;
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '[') {
      if (depth === 0) start = i;
      else grammar = true;
      depth++;
    } else if (c === ']' && depth > 0) {
      depth--;
      if (depth === 0) {
        groups.push({ start, end: i + 1 });
        // `[:PORT]`: a name after one `:`, with which no IP literal starts (oauth2-proxy's `redis://HOST[:PORT]`).
        if (OPTIONAL_PORT.test(text.slice(start + 1, i))) grammar = true;
      }
    } else if (depth > 0 && (c === '@' || c === '?' || c === '#' || c === '/')) {
      grammar = true;
    }
  }
  if (!grammar) return [];
  return groups.filter((g) => !IP_LITERAL_BODY.test(text.slice(g.start + 1, g.end - 1)));
}

/** `spans` with the human placeholders of `text` (see `HUMAN_PLACEHOLDER`) and a grammar's optional parts (see `optionalParts`) that none of them covers, in order. */
function withPlaceholders(spans: Span[], text: string): Span[] {
  if (!/[<[{|]|YOUR|_HERE|\/###|\.\.\.[A-Z]|%7[Bb]/.test(text)) return spans;
  const extra: Span[] = [];
  const add = (span: Span) => {
    if (!spans.some((s) => s.start < span.end && span.start < s.end) && !extra.some((s) => s.start < span.end && span.start < s.end)) extra.push(span);
  };
  if (text.includes('[')) for (const span of optionalParts(text)) add(span);
  for (const match of text.matchAll(HUMAN_PLACEHOLDER)) add({ start: match.index, end: match.index + match[0].length });
  return extra.length === 0 ? spans : [...spans, ...extra].sort((a, b) => a.start - b.start);
}

/** The balanced `{…}` groups of `text` (outermost), as spans; an unclosed `{` is none. */
function braceGroups(text: string): Span[] {
  const groups: Span[] = [];
  let depth = 0;
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x7b) {
      if (depth === 0) start = i;
      depth++;
    } else if (c === 0x7d && depth > 0) {
      depth--;
      if (depth === 0) groups.push({ start, end: i + 1 });
    }
  }
  return groups;
}

/**
 * The holes that a URL's own text writes, in order and not overlapping: RFC 6570 expressions
 * (`{owner}`), and (unless `routes` is false: a string sent as written) in a route pattern (a path parameter `/:id` somewhere in it) its `{…}` groups —
 * a parameter's regular expression or an optional part — a parameter in the host, and a wildcard
 * host label or port (`ws://*`, `http://*.localhost:*`).
 */
export function expressionHoles(text: string, options: { routes?: boolean } = {}): Span[] {
  // None of the syntaxes below is written without one of these: most URLs are read without a match.
  if (!MAYBE_HOLE.test(text)) return [];
  const expressions = withPlaceholders(findUriTemplateExpressions(text), text);
  if (options.routes === false) return expressions;
  const pattern: Span[] = [];
  const port = WILDCARD_PORT.exec(text);
  if (port !== null) pattern.push({ start: port[0].length - 1, end: port[0].length });
  const hostMatch = HOST.exec(text);
  if (hostMatch !== null) {
    // `*` as a whole label: MSW's `ws.link('ws://*')`, `http://*.localhost:*/user/*`.
    const start = hostMatch[0].length - hostMatch[1]!.length;
    for (const label of hostMatch[1]!.matchAll(/(?<=^|\.)\*(?=\.|$)/g)) pattern.push({ start: start + label.index, end: start + label.index + 1 });
  }
  const host = HOST_PARAMETER.exec(text);
  if (host !== null) pattern.push({ start: host[0].length - host[1]!.length, end: host[0].length });
  if (PATH_PARAMETER.test(text) || REGEX_PARAMETER.test(text)) pattern.push(...braceGroups(text));
  if (pattern.length === 0) return expressions;
  // A route's group holds what an RFC 6570 expression would match inside it: the group is the hole.
  const all = [...pattern, ...expressions.filter((e) => !pattern.some((p) => p.start <= e.start && e.end <= p.end))];
  return all.sort((a, b) => a.start - b.start);
}
