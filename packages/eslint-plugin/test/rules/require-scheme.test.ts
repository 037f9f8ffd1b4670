import tsParser from '@typescript-eslint/parser';
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import rule from '../../src/rules/require-scheme.js';
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
        plugins: { urilint: { rules: { 'require-scheme': rule } } as never },
        languageOptions: { ...(typescript ? { parser: tsParser as never } : {}), parserOptions: { ecmaFeatures: { jsx: language.endsWith('x') } }, sourceType: 'module' },
        rules: { 'urilint/require-scheme': 'error' },
      },
    ],
    `file.${language}`,
  );
}

/** A report over `text` (first occurrence, on the first line) with suggestions giving `outputs`. */
function at(code: string, text: string, outputs: string[]) {
  const column = code.indexOf(text) + 1;
  return {
    messageId: 'missingScheme' as const,
    line: 1,
    column,
    endColumn: column + text.length,
    suggestions: outputs.map((output) => ({ messageId: 'suggestion' as const, output })),
  };
}

const https = (code: string, before: string): string => code.replace(before, `https://${before}`);
const http = (code: string, before: string): string => code.replace(before, `http://${before}`);

ruleTester.run('require-scheme', rule, {
  valid: [
    ...FALSE_POSITIVE_TRAPS,
    'fetch("https://api.example.com/x")',
    'fetch("/api/users")',
    'fetch("api/users")',
    'fetch("./data.json")',
    'fetch("data.json")',
    'new URL("http://localhost:3000")',
    'new URL("/x", "https://example.com/")',
    'new Worker("worker.js")',
    '<a href="/docs">x</a>',
    '<a href="mailto:user@example.com">x</a>',
    '<img src="logo.png" />',
    // Not a URL place: a host and port in configuration, a bare specifier for import().
    'const proxy = "localhost:3000"',
    'const host = "api.example.com"',
    'const config = { target: "localhost:8080" }',
    'await import("chart.js/auto")',
    'redis.connect("localhost:6379")',
    // Holes: the host or scheme comes from a variable.
    'fetch(`${host}/users`)',
    'fetch(`${base}api.example.com/x`)',
    'fetch(apiUrl + "/users")',
    '<link rel="preconnect" href="https://fonts.example.com" />',
    // The false-positive traps of every rule.
    'fetch("https://api.github.com/repos/{owner}/{repo}")',
    'const re = new RegExp("api\\\\.example\\\\.com/x")',
    'const prose = "Send it to api.example.com/x or call localhost:3000."',
    'fetch("https://" + host)',
    '<a href="user@example.com">x</a>',
  ],
  invalid: [
    (() => {
      const code = 'fetch("api.example.com/x")';
      return { code, errors: [at(code, 'api.example.com', [https(code, 'api.example.com')])] };
    })(),
    (() => {
      const code = 'new URL("localhost:3000")';
      return { code, errors: [at(code, 'localhost:3000', [http(code, 'localhost'), https(code, 'localhost')])] };
    })(),
    (() => {
      const code = "await fetch('example.com:8080/health')";
      return { code, errors: [at(code, 'example.com:8080', [https(code, 'example.com'), http(code, 'example.com')])] };
    })(),
    (() => {
      const code = 'fetch(`localhost:3000/users/${id}`)';
      return { code, errors: [at(code, 'localhost:3000', [http(code, 'localhost'), https(code, 'localhost')])] };
    })(),
    (() => {
      const code = 'fetch("api.example.com/users/" + id)';
      return { code, errors: [at(code, 'api.example.com', [https(code, 'api.example.com')])] };
    })(),
    (() => {
      const code = 'fetch("https//example.com/")';
      return { code, errors: [at(code, 'https//', [code.replace('https//', 'https://')])] };
    })(),
    (() => {
      const code = 'new URL("/x", "api.example.com")';
      return { code, errors: [at(code, 'api.example.com', [https(code, 'api.example.com')])] };
    })(),
    (() => {
      const code = 'import axios from "axios";\nconst r = axios.get("localhost:3000/api");';
      const column = code.split('\n')[1]!.indexOf('localhost:3000') + 1;
      return {
        code,
        errors: [
          {
            messageId: 'missingScheme' as const,
            line: 2,
            column,
            endColumn: column + 'localhost:3000'.length,
            suggestions: [
              { messageId: 'suggestion' as const, output: http(code, 'localhost') },
              { messageId: 'suggestion' as const, output: https(code, 'localhost') },
            ],
          },
        ],
      };
    })(),
    (() => {
      const code = 'location.href = "www.example.com/help";';
      return { code, errors: [at(code, 'www.example.com', [https(code, 'www.example.com')])] };
    })(),
    (() => {
      const code = '<a href="www.example.com">Example</a>';
      return { code, errors: [at(code, 'www.example.com', [https(code, 'www.example.com')])] };
    })(),
    (() => {
      const code = '<img src={"cdn.example.com/logo.png"} alt="" />';
      return { code, errors: [at(code, 'cdn.example.com', [https(code, 'cdn.example.com')])] };
    })(),
    (() => {
      const code = '<form action="api.example.com/submit" />';
      return { code, errors: [at(code, 'api.example.com', [https(code, 'api.example.com')])] };
    })(),
  ],
});

describe('require-scheme: messages', () => {
  it('says how the string is read, with the code', () => {
    const [message] = lint('fetch("localhost:3000/api")', 'js');
    expect(message!.message).toBe(
      '"localhost:3000" reads as the scheme "localhost" followed by the path "3000/api", not as a host and port; a URI needs a scheme and "//" before the host. [scheme-abbreviated-uri]',
    );
    expect(message!.suggestions!.map((s) => s.desc)).toEqual(['Write "http://" before it: "http://localhost:3000".', 'Write "https://" before it: "https://localhost:3000".']);
  });

  it('says where a relative path goes', () => {
    const [message] = lint('fetch("api.example.com/users")', 'ts');
    expect(message!.message).toMatch(/^"api\.example\.com\/users" is a relative path, not a host: a browser requests .* on the current origin .*\[whatwg-relative-path-host\]$/);
  });

  it('reports in JS, TS, JSX and TSX', () => {
    expect(lint('fetch("localhost:3000")', 'js')).toHaveLength(1);
    expect(lint('const r: Promise<Response> = fetch("localhost:3000");', 'ts')).toHaveLength(1);
    expect(lint('const A = () => <a href="example.com:8080/x">x</a>;', 'jsx')).toHaveLength(1);
    expect(lint('const A = (): JSX.Element => <a href="www.example.com">x</a>;', 'tsx')).toHaveLength(1);
  });
});
