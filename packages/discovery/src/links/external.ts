/**
 * External links (`http:`/`https:` to another site) as the online check judges them. This module
 * is pure: which links may be checked, the key a link is known by, and what a verdict holds. The
 * requests, the cache and the per-host scheduler are in `@urilint/links-online`; the rule
 * `no-broken-links` reads verdicts through `ExternalLinks`, from whatever a front end gives it
 * (the cache of earlier runs, or a run with `--online`).
 */
import { hostMatches, isNonPublicHost, normalize, parse, type UriReference } from '@urilint/core';
import { linearRegExp, type LinearRegExp } from '../linear-regex.js';

/**
 * `ok`: it answered 2xx (or a status the configuration accepts); `broken`: 404 or 410, no such
 * host, or a `#fragment` that the HTML page does not hold; `moved`: a permanent redirect (301,
 * 308) to `target`; `unknown`: it could not be told (429, 5xx, a timeout, a TLS error, 403 from
 * bot protection, the time budget spent).
 */
export type ExternalStatus = 'ok' | 'broken' | 'moved' | 'unknown';

export interface ExternalVerdict {
  status: ExternalStatus;
  /** Why, in a few words for a message: `404 Not Found`, `no such host`, `timed out after 10 s`. */
  reason: string;
  /** The last HTTP status received, when there was one. */
  httpStatus?: number;
  /** `moved`: where the permanent redirects lead (with the link's fragment). */
  target?: string;
  /** `unknown`: when the host asked to be tried again (`Retry-After`), in ms since the epoch. */
  retryAt?: number;
  /** When it was decided, in ms since the epoch. */
  checkedAt: number;
}

/**
 * Where a rule reads the verdicts of external links, by the link as written: `undefined` for a link
 * not checked (yet), or one the policy leaves out. A front end gives it (the cache of earlier runs,
 * or what a run with `--online` found); it may note the links asked for, to check them.
 */
export interface ExternalLinks {
  verdictOf(url: string): ExternalVerdict | undefined;
}

/** Who may be contacted, beyond public hosts: what the project says. */
export interface ExternalPolicy {
  /** Hosts contacted although reserved, loopback or private (`docs.internal`, `*.corp.example`, `127.0.0.1`). */
  allowHosts?: readonly string[];
  /** Regular expressions (as strings) of links never checked. */
  exclude?: readonly string[];
}

/** Why a link is not checked online, or `undefined` when it may be. */
export type NotChecked = 'not-http' | 'incomplete' | 'invalid' | 'non-public-host' | 'excluded';

/**
 * The key of an external link: its normal form (RFC 3986 §6, core's `normalize`), so that
 * `HTTPS://Example.com:443/a/./b` and `https://example.com/a/b` are one link, checked once.
 * `undefined` when the text is no valid URI.
 */
export function externalLinkKey(url: string): string | undefined {
  try {
    return normalize(url);
  } catch {
    return undefined;
  }
}

/** The key of the page a link asks for: the key without its fragment (one request serves every fragment). */
export function pageKey(key: string): string {
  const hash = key.indexOf('#');
  return hash === -1 ? key : key.slice(0, hash);
}

/** The link's fragment, decoded as a browser looks it up among a page's ids (`undefined` when none or empty). */
export function fragmentOf(key: string): string | undefined {
  const hash = key.indexOf('#');
  if (hash === -1 || hash === key.length - 1) return undefined;
  const raw = key.slice(hash + 1);
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

function hostOf(reference: UriReference): string | undefined {
  return reference.host === undefined ? undefined : reference.input.slice(reference.host.start, reference.host.end);
}

/** The compiled `exclude` patterns of a policy, run by the linear-time engine (a pattern it cannot run matches nothing). */
function excludes(policy: ExternalPolicy): LinearRegExp[] {
  // The configuration's validation names a pattern that is left out.
  return (policy.exclude ?? []).flatMap((source) => linearRegExp(source) ?? []);
}

function reasonNotChecked(url: string, patterns: readonly LinearRegExp[], allow: readonly string[]): NotChecked | undefined {
  const reference = parse(url);
  const scheme = reference.scheme === undefined ? undefined : url.slice(reference.scheme.start, reference.scheme.end).toLowerCase();
  if (scheme !== 'http' && scheme !== 'https') return 'not-http';
  const host = hostOf(reference);
  if (!reference.valid || host === undefined || host === '') return 'invalid';
  if (isNonPublicHost(host) && !hostMatches(host, allow)) return 'non-public-host';
  if (patterns.some((pattern) => pattern.test(url))) return 'excluded';
  return undefined;
}

/**
 * Whether the online check may request `url` (the link as written, its holes already known to be
 * none): an absolute `http`/`https` URI with a host that is public, or that the policy allows, and
 * no `exclude` pattern matches. Hosts reserved for examples and tests (RFC 2606, RFC 6761),
 * loopback, private and link-local addresses and one-label names are never contacted unless
 * `allowHosts` names them.
 */
export function notChecked(url: string, policy: ExternalPolicy = {}): NotChecked | undefined {
  return reasonNotChecked(url, excludes(policy), policy.allowHosts ?? []);
}

/** A policy's test, compiled once: the key of each link that may be checked, `undefined` for the others. */
export function externalLinkFilter(policy: ExternalPolicy = {}): (url: string) => string | undefined {
  const patterns = excludes(policy);
  const allow = policy.allowHosts ?? [];
  return (url) => (reasonNotChecked(url, patterns, allow) === undefined ? externalLinkKey(url) : undefined);
}

/** How hard one host may be asked: requests at once, and the pause between two that start. */
export interface HostLimits {
  concurrency?: number;
  delayMs?: number;
}

/** The `onlineLinks` setting of the configuration: what `urilint scan --online` and the editor's "Check links" do. */
export interface OnlineLinkSettings extends ExternalPolicy {
  /** Per host pattern (`github.com`, `*.example.net`): statuses taken as working besides 2xx (`[403]` for a host that answers bots so). */
  accept: Record<string, number[]>;
  /** Per host pattern: its limits over the defaults. */
  hosts: Record<string, HostLimits>;
  /** Rewrites before a request, in order (lychee's `remap`): a regular expression and its replacement. */
  remap: { pattern: string; replacement: string }[];
  /** Where the verdicts are kept across runs, relative to the configuration's folder. */
  cache: string;
  /** How long a verdict is trusted, in hours, by status. */
  maxAge: Record<ExternalStatus, number>;
  /** Seconds one request may take. */
  timeout: number;
  /** Seconds the whole check may take; links left then are `unknown`. */
  budget: number;
  /** Check `#fragment`s against the ids of HTML pages (one GET instead of a HEAD). */
  fragments: boolean;
}

export const DEFAULT_CACHE_FILE = 'node_modules/.cache/urilint/links-cache.json';

export function defaultOnlineLinkSettings(): OnlineLinkSettings {
  return {
    allowHosts: [],
    exclude: [],
    accept: {},
    hosts: { 'github.com': { concurrency: 1, delayMs: 1000 } },
    remap: [],
    cache: DEFAULT_CACHE_FILE,
    maxAge: { ok: 7 * 24, moved: 7 * 24, broken: 24, unknown: 1 },
    timeout: 10,
    budget: 300,
    fragments: true,
  };
}

/**
 * The verdicts of a run or a cache (by key) as a rule reads them: each link as written is tested
 * against the policy and looked up by its key. `asked`, when given, receives the key of every link
 * the policy lets through that has no verdict (what a run with `--online` then checks).
 */
export function externalLinks(verdicts: ReadonlyMap<string, ExternalVerdict> | Readonly<Record<string, ExternalVerdict>>, policy: ExternalPolicy = {}, asked?: Set<string>): ExternalLinks {
  const keyOf = externalLinkFilter(policy);
  const get = verdicts instanceof Map ? (key: string) => verdicts.get(key) : (key: string) => (Object.hasOwn(verdicts, key) ? (verdicts as Record<string, ExternalVerdict>)[key] : undefined);
  return {
    verdictOf(url) {
      const key = keyOf(url);
      if (key === undefined) return undefined;
      const verdict = get(key);
      if (verdict === undefined) asked?.add(key);
      return verdict;
    },
  };
}
