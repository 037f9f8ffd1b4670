import tsParser from '@typescript-eslint/parser';
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import rule from '../../src/rules/no-script-url.js';
import { ruleTester } from '../support/rule-tester.js';
import { FALSE_POSITIVE_TRAPS } from '../support/traps.js';

/** Lints with this rule alone (the plugin's rule list is assembled elsewhere). */
function lint(code: string, language: 'js' | 'jsx' | 'ts' | 'tsx'): Linter.LintMessage[] {
  const typescript = language.startsWith('t');
  return new Linter({ configType: 'flat' }).verify(
    code,
    [
      {
        files: ['**/*.js', '**/*.jsx', '**/*.ts', '**/*.tsx'],
        plugins: { urilint: { rules: { 'no-script-url': rule } } as never },
        languageOptions: { ...(typescript ? { parser: tsParser as never } : {}), parserOptions: { ecmaFeatures: { jsx: language.endsWith('x') } }, sourceType: 'module' },
        rules: { 'urilint/no-script-url': 'error' },
      },
    ],
    `file.${language}`,
  );
}

/** The 1-based column of `text` in `code` (its first occurrence, or the one after `from`). */
const col = (code: string, text: string, from = 0): number => code.indexOf(text, from) + 1;

/** One report over `text`, which is on the first line. */
function at(code: string, text: string) {
  return { messageId: 'scriptUrl' as const, line: 1, column: col(code, text), endColumn: col(code, text) + text.length };
}

const invalid = (code: string, text: string) => ({ code, errors: [at(code, text)] });

ruleTester.run('no-script-url', rule, {
  valid: [
    ...FALSE_POSITIVE_TRAPS,
    '<a href="https://example.com/">x</a>',
    '<a href="#top">x</a>',
    '<a href={url}>x</a>',
    '<a onClick={() => go()}>x</a>',
    // Not a navigation sink: a string that only mentions the scheme.
    'const s = "javascript:alert(1)"',
    'const help = "Never paste javascript:alert(1) into the address bar."',
    'fetch("javascript:alert(1)")',
    'if (url.startsWith("javascript:")) block();',
    'if (/^javascript:/i.test(url)) block();',
    'const re = new RegExp("^\\\\s*javascript:", "i")',
    '<link href="javascript:x" />',
    '<img src="javascript:alert(1)" />',
    // The scheme comes from a hole: unknown here.
    'location.href = `${scheme}:alert(1)`',
    '<a href={`${proto}//example.com`}>x</a>',
    // data: documents are blocked as top-level navigations; <a download> saves them.
    '<a download="page.html" href="data:text/html,<p>hi</p>">Save</a>',
    'window.open("data:text/html,<p>hi</p>")',
    '<iframe src="data:image/png;base64,iVBORw0KGgo=" />',
    '<iframe src="https://example.com/embed" />',
    // The false-positive traps of every rule.
    'location.href = "https://" + host',
    // A local `open` is not window.open.
    'function open(u: string) {}\nopen("javascript:alert(1)");',
    'const x: "javascript:void(0)" = "javascript:void(0)";',
  ],
  invalid: [
    invalid('<a href="javascript:void(0)">x</a>', 'javascript:'),
    invalid('<a href="JavaScript:alert(1)">x</a>', 'JavaScript:'),
    invalid("<a href={'javascript:alert(1)'}>x</a>", 'javascript:'),
    invalid('<area href="vbscript:msgbox(1)" />', 'vbscript:'),
    invalid('<form action="javascript:submit()" />', 'javascript:'),
    invalid('<button formAction="javascript:save()">Save</button>', 'javascript:'),
    invalid('<iframe src="javascript:parent.go()" />', 'javascript:'),
    invalid('<iframe src="data:text/html,<script>alert(1)</script>" />', 'data:text/html'),
    invalid('<object data="data:image/svg+xml;base64,PHN2Zz4=" />', 'data:image/svg+xml'),
    invalid('<svg><a xlinkHref="javascript:alert(1)">x</a></svg>', 'javascript:'),
    invalid('location.href = "javascript:alert(1)";', 'javascript:'),
    invalid('window.location = "javascript:alert(1)";', 'javascript:'),
    invalid('location.assign("javascript:alert(1)");', 'javascript:'),
    invalid('window.open("javascript:alert(1)");', 'javascript:'),
    invalid('location.href = `javascript:${code}`;', 'javascript:'),
    invalid('location.href = "javascript:" + code;', 'javascript:'),
    invalid('<a href={`javascript:${handler}()`}>x</a>', 'javascript:'),
    // Browser tolerance: leading spaces and controls are stripped, tabs and newlines removed.
    invalid('<a href=" javascript:alert(1)">x</a>', ' javascript:'),
    invalid('location.href = "\\u0001javascript:alert(1)";', '\\u0001javascript:'),
    invalid('location.href = "java\\tscript:alert(1)";', 'java\\tscript:'),
    invalid('window.open("jav\\nascript:alert(1)");', 'jav\\nascript:'),
  ],
});

describe('no-script-url: messages', () => {
  it('says what runs, with the code', () => {
    const [message] = lint('<a href="javascript:void(0)">x</a>', 'jsx');
    expect(message!.message).toBe('A "javascript:" URI is code: a browser runs "void(0)" in the page when the link is followed or the URI is assigned to location. [scheme-script]');
  });

  it('does not quote a placeholder for the code that comes from a hole', () => {
    const [message] = lint('location.href = "javascript:" + userCode;', 'js');
    expect(message!.message).toBe('A "javascript:" URI is code: a browser runs the code that follows the colon in the page when the link is followed or the URI is assigned to location. [scheme-script]');
  });

  it('names the obfuscation', () => {
    const [message] = lint('location.href = "java\\tscript:alert(1)";', 'js');
    expect(message!.message).toMatch(/^A browser removes the tabs and newlines before it reads the scheme, so this is "javascript:".*\[scheme-script-obfuscated\]$/);
  });

  it('reports in JS, TS, JSX and TSX', () => {
    expect(lint('window.open("javascript:x()")', 'js')).toHaveLength(1);
    expect(lint('const w: Window | null = window.open("javascript:x()");', 'ts')).toHaveLength(1);
    expect(lint('const A = () => <a href="javascript:;">x</a>;', 'jsx')).toHaveLength(1);
    expect(lint('const A = (): JSX.Element => <a href="javascript:;">x</a>;', 'tsx')).toHaveLength(1);
  });
});
