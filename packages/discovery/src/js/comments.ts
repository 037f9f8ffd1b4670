import { lookupScheme } from '@urilint/core';
import type { UriCandidate } from '../candidate.js';
import { withDoctests } from '../doctest.js';
import { proseCandidates } from '../prose.js';
import { maskTemplates, TEMPLATE_SYNTAXES, type TemplateSyntax } from '../templates.js';
import { OffsetMap } from '../text-map.js';

/**
 * Every template syntax, JavaScript's own `${…}` (the `shell` syntax) among them: a comment's
 * code example (`proxy(\`http://${origin}/${c.req.param('path')}\`)`) writes holes, never URI characters.
 */
const COMMENT_SYNTAXES: ReadonlySet<TemplateSyntax> = new Set(TEMPLATE_SYNTAXES);

/** A run of scheme characters longer than this before a `:` is taken as possibly a scheme, unread (registered schemes are at most 30 long; `web+…` ones unbounded). */
const LONGEST_SCHEME = 64;

function isSchemeChar(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 43 || code === 45 || code === 46;
}

/**
 * Whether some `:` in `text[start, end)` follows a known scheme of two characters or more: the
 * start of every URI `hasUriShape` accepts, in prose or by its shape (a URI found in prose starts
 * anywhere in the run of scheme characters before its `:`, so each suffix of the run that starts
 * with a letter is looked up).
 */
export function hasSchemeColon(text: string, start: number, end: number): boolean {
  for (let colon = text.indexOf(':', start); colon !== -1 && colon < end; colon = text.indexOf(':', colon + 1)) {
    let from = colon;
    while (from > start && isSchemeChar(text.charCodeAt(from - 1))) from--;
    if (colon - from > LONGEST_SCHEME) return true;
    for (let at = from; at <= colon - 2; at++) {
      const code = text.charCodeAt(at) | 0x20;
      if (code >= 97 && code <= 122 && lookupScheme(text.slice(at, colon)) !== undefined) return true;
    }
  }
  return false;
}

/**
 * The URIs of a comment, read as prose: `value` is the comment's text after `//` or `/*`, which
 * starts at source offset `offset`. Template syntax in it is masked first, so each `${…}` is a hole.
 * Every URI `proseCandidates` keeps starts with a known scheme and its `:` (and masking only takes
 * characters away): a comment without one is passed over before it is masked and mapped.
 */
export function commentCandidates(value: string, offset: number): UriCandidate[] {
  if (!hasSchemeColon(value, 0, value.length)) return [];
  return withDoctests(value, proseCandidates(OffsetMap.plain(maskTemplates(value, COMMENT_SYNTAXES).text, offset), { comment: true }).filter((candidate) => !isExample(value, candidate.uriStart, candidate.uriEnd)));
}

/** An arrow between an input and what it becomes: `=>`, `->`, `→`, `⇒`, `⟶` (and their reverse). */
const ARROW = String.raw`(?:=>|->|<=|<-|[→⇒⟶←⇐⟵])`;
/** After a URI: an arrow, or `into` (`turn file://path into file:/path`). */
const MAPS_TO = new RegExp(String.raw`^[ \t]*${ARROW}|^[ \t]+into[ \t]`);
/** Before a URI: an arrow with nothing but spaces between, at the start of the mapping's other side. */
const MAPPED_FROM = new RegExp(String.raw`(?:^|[ \t])${ARROW}[ \t]*$`);
/** The word of a line that tells what the code does with an input (`turn`, `convert`, `rewrite`, `map`, `normalize`). */
const TURN = /\b(?:turns?|converts?|rewrites?|changes?|maps?|normali[sz]es?|transforms?)[ \t]+$/i;

/**
 * Whether the URI at `[start, end)` of a comment is one side of a mapping the comment shows: an
 * input the code handles and what it makes of it (node-url's `http://a@b@c/ => user:a@b host:c`,
 * npm-package-arg's `turn file://path into file:/path`). Such a URI is an example of the input,
 * often malformed on purpose, not a link for a reader: it is not read. The arrow must touch the
 * URI (spaces between): `step 1 => read http://…` still reads its link.
 */
function isExample(value: string, start: number, end: number): boolean {
  const after = value.slice(end, end + 16);
  if (MAPS_TO.test(after)) {
    // `into` only after a verb of rewriting (`turn X into Y`), else the arrow alone.
    if (!/^[ \t]+into/.test(after)) return true;
    return TURN.test(value.slice(Math.max(0, start - 24), start));
  }
  return MAPPED_FROM.test(value.slice(Math.max(0, start - 8), start));
}
