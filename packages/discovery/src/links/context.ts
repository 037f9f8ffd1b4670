import type { SourceKind } from '../document.js';
import type { ExternalLinks } from './external.js';
import type { WorkspaceIndex } from './workspace.js';

/**
 * The document a rule checks, where a front end gives it: its path and text, and the index of the
 * workspace it is in (the rules on local links read it; the others need none of this).
 */
export interface DocumentContext {
  /** Absolute, with `/` separators. */
  path: string;
  kind: SourceKind;
  /** The text now (the editor's buffer, ESLint's source). */
  text: string;
  /** HTML: the document's `<base href>`. */
  base?: string;
  links: WorkspaceIndex;
  /** The verdicts of external links, where the front end has them (a cache, or a run with `--online`): `no-broken-links` reports them. */
  external?: ExternalLinks;
}
