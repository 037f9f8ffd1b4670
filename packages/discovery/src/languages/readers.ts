// The reader of each language read on a tree-sitter grammar. In Node they are all imported here, and
// loading them costs nothing (`loadProgramReaders`); a browser build replaces this module with
// `readers.browser.ts`, which fetches each reader's code with its grammar, so that a page that never
// reads a program does not load the readers of nine languages.
import type { DiscoveryOptions } from '../js/discover.js';
import type { ProgramKind } from '../document.js';
import type { ProgramUris } from './common.js';
import { discoverCsharp } from './csharp.js';
import { discoverGo } from './go.js';
import { discoverJava } from './java.js';
import { discoverKotlin } from './kotlin.js';
import { discoverPhp } from './php.js';
import { discoverPython } from './python.js';
import { discoverRuby } from './ruby.js';
import { discoverRust } from './rust.js';
import { discoverShell } from './shell.js';

/** A language's reader: undefined when its grammar is not loaded. */
export type ProgramReader = (text: string, options: DiscoveryOptions) => ProgramUris | undefined;

const READERS: Readonly<Record<ProgramKind, ProgramReader>> = {
  python: discoverPython,
  go: discoverGo,
  rust: discoverRust,
  java: discoverJava,
  kotlin: discoverKotlin,
  csharp: discoverCsharp,
  ruby: discoverRuby,
  php: discoverPhp,
  shell: discoverShell,
};

/** The reader of `kind`, once loaded (here: always). */
export function programReader(kind: ProgramKind): ProgramReader | undefined {
  return READERS[kind];
}

/** Loads the readers of `kinds` (here they are loaded with this module). Never rejects. */
export async function loadProgramReaders(kinds: Iterable<ProgramKind>): Promise<void> {
  void kinds;
}
