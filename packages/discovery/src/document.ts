import type { UriCandidate } from './candidate.js';
import type { DiscoveryOptions } from './js/discover.js';
import type { JsSourceCode } from './js/source-code.js';
import { discoverJsText } from './js/text.js';
import { proseCandidates } from './prose.js';
import { OffsetMap } from './text-map.js';

/** The kinds of source a reader exists for. */
export type SourceKind = 'js' | 'json' | 'markdown' | 'html' | 'css' | 'yaml' | 'text';

/** What was found in a document. */
export interface DocumentUris {
  candidates: UriCandidate[];
  /** JavaScript and TypeScript that parsed: the tree, for the rules that read the code around a URI. */
  sourceCode?: JsSourceCode;
  /** HTML: the document's `<base href>`, which its relative references resolve against. */
  base?: string;
  /** Why the document did not parse, when it did not (what could be found was still read). */
  parseError?: string;
}

export interface DocumentOptions extends DiscoveryOptions {
  /** The file's path or name: decides JSX for JavaScript and the JSON dialect. */
  filePath?: string;
}

const EXTENSIONS: Readonly<Record<string, SourceKind>> = {
  js: 'js', cjs: 'js', mjs: 'js', jsx: 'js', ts: 'js', cts: 'js', mts: 'js', tsx: 'js',
  json: 'json', jsonc: 'json', json5: 'json',
  md: 'markdown', markdown: 'markdown', mdx: 'markdown',
  html: 'html', htm: 'html', xhtml: 'html',
  css: 'css',
  yaml: 'yaml', yml: 'yaml',
};

/** The reader for a file name (by its extension); `text` for any other file. */
export function sourceKindOf(filePath: string): SourceKind {
  const extension = /\.([^./\\]+)$/.exec(filePath)?.[1]?.toLowerCase();
  return (extension !== undefined ? EXTENSIONS[extension] : undefined) ?? 'text';
}

/**
 * The URIs of a document of any kind, read by the reader of its kind. Never
 * throws: a document that does not parse yields what can still be found.
 */
export function discoverDocument(text: string, kind: SourceKind, options: DocumentOptions = {}): DocumentUris {
  try {
    switch (kind) {
      case 'js':
        return discoverJsText(text, options);
      default:
        return { candidates: proseCandidates(OffsetMap.plain(text, 0)) };
    }
  } catch (error) {
    return { candidates: [], parseError: error instanceof Error ? error.message : String(error) };
  }
}
