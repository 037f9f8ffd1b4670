/**
 * The configuration files' readers do work linear in the size of the file, counted (never timed) on
 * inputs built to make a careless reader quadratic: unclosed `$(` by the thousand (each looked for a
 * closer to the end of the file), a logical line continued over every line, escapes and backslashes
 * without end, a string never closed.
 */
import { describe, it } from 'vitest';
import { expectLinearWork } from '../../../core/test/support/work.js';
import { discoverDocument, type SourceKind } from '../../src/document.js';

const INPUTS: Record<string, [SourceKind, (size: number) => string]> = {
  'Makefile: unclosed $( in a value': ['makefile', (n) => 'X = ' + '$('.repeat(n / 2)],
  "Makefile: unclosed $$( in a recipe's word": ['makefile', (n) => 'all:\n\tcurl "https://example.com/' + '$$('.repeat(n / 3)],
  'Makefile: a value continued over every line': ['makefile', (n) => 'X = https://example.com/a \\\n'.repeat(n / 28)],
  'Makefile: a line of backslashes': ['makefile', (n) => 'X = a' + '\\'.repeat(n) + '\n'],
  'Dockerfile: unclosed $( in RUN': ['dockerfile', (n) => 'RUN curl ' + '$('.repeat(n / 2)],
  'Dockerfile: one RUN continued over every line': ['dockerfile', (n) => 'RUN a \\\n' + '  && curl https://example.com/a \\\n'.repeat(n / 36)],
  'Dockerfile: an exec form never closed': ['dockerfile', (n) => 'CMD ["' + 'a\\"'.repeat(n / 3)],
  'INI: a value continued over every line': ['ini', (n) => '[a]\nk =\n' + '  https://example.com/x\n'.repeat(n / 24)],
  'INI: %( never closed': ['ini', (n) => 'k = https://example.com/' + '%('.repeat(n / 2)],
  'properties: a value continued over every line': ['properties', (n) => 'k = \\\n'.repeat(n / 6)],
  'properties: escapes without end': ['properties', (n) => 'k=https://example.com/' + '\\u00'.repeat(n / 4)],
  'TOML: a string never closed': ['toml', (n) => 'a = "https://example.com/' + 'x'.repeat(n)],
  'TOML: an array of many strings': ['toml', (n) => 'a = [' + '"https://example.com/x", '.repeat(n / 24) + ']\n'],
  'TOML: line-ending backslashes in a multi-line string': ['toml', (n) => 'a = """https://example.com/' + '\\\n  '.repeat(n / 4) + '"""\n'],
};

describe('the configuration files\' readers', () => {
  it.each(Object.keys(INPUTS))('do linear work: %s', (name) => {
    const [kind, make] = INPUTS[name]!;
    expectLinearWork((text: string) => discoverDocument(text, kind), make, 4_000);
  });
});
