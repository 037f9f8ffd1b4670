// The browser's `readers.ts`: each language's reader is its own chunk, fetched when a program of
// that language is first read (with its grammar, `loadGrammarsFor`), never in the page's first load.
import type { ProgramKind } from '../document.js';
import type { ProgramReader } from './readers.js';

const IMPORTS: Readonly<Record<ProgramKind, () => Promise<ProgramReader>>> = {
  python: async () => (await import('./python.js')).discoverPython,
  go: async () => (await import('./go.js')).discoverGo,
  rust: async () => (await import('./rust.js')).discoverRust,
  java: async () => (await import('./java.js')).discoverJava,
  kotlin: async () => (await import('./kotlin.js')).discoverKotlin,
  csharp: async () => (await import('./csharp.js')).discoverCsharp,
  ruby: async () => (await import('./ruby.js')).discoverRuby,
  php: async () => (await import('./php.js')).discoverPhp,
  shell: async () => (await import('./shell.js')).discoverShell,
};

const loaded = new Map<ProgramKind, ProgramReader>();

/** The reader of `kind`, once `loadProgramReaders` has fetched it; until then its files are read as prose. */
export function programReader(kind: ProgramKind): ProgramReader | undefined {
  return loaded.get(kind);
}

/** Fetches the readers of `kinds` not yet loaded. Never rejects: a reader that cannot be fetched leaves its files read as prose. */
export async function loadProgramReaders(kinds: Iterable<ProgramKind>): Promise<void> {
  await Promise.all(
    [...new Set(kinds)].map(async (kind) => {
      if (loaded.has(kind)) return;
      try {
        loaded.set(kind, await IMPORTS[kind]());
      } catch {
        // Left unloaded.
      }
    }),
  );
}
