import type { UriCandidate } from '../candidate.js';
import { proseCandidates } from '../prose.js';
import { maskTemplates, TEMPLATE_SYNTAXES, type TemplateSyntax } from '../templates.js';
import { OffsetMap } from '../text-map.js';

/**
 * Every template syntax, JavaScript's own `${…}` (the `shell` syntax) among them: a comment's
 * code example (`proxy(\`http://${origin}/${c.req.param('path')}\`)`) writes holes, never URI characters.
 */
const COMMENT_SYNTAXES: ReadonlySet<TemplateSyntax> = new Set(TEMPLATE_SYNTAXES);

/**
 * The URIs of a comment, read as prose: `value` is the comment's text after `//` or `/*`, which
 * starts at source offset `offset`. Template syntax in it is masked first, so each `${…}` is a hole.
 */
export function commentCandidates(value: string, offset: number): UriCandidate[] {
  return proseCandidates(OffsetMap.plain(maskTemplates(value, COMMENT_SYNTAXES).text, offset));
}
