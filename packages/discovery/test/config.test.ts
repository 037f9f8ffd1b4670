import { describe, expect, it } from 'vitest';
import {
  compileGlob,
  configJsonSchema,
  defaultProjectSettings,
  findConfig,
  formatConfigProblem,
  isIgnoredByConfig,
  parseConfig,
  ProjectConfigs,
  resolveSettings,
  type ConfigFileSystem,
  type ConfigProblem,
  type ProjectConfig,
} from '../src/config/index.js';

/** An in-memory tree: files by absolute path; folders exist when a path is below them. */
function memoryFs(files: Record<string, string>, folders: string[] = []): ConfigFileSystem & { reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    readFile(path) {
      reads.push(path);
      return Object.hasOwn(files, path) ? files[path] : undefined;
    },
    exists(path) {
      return Object.hasOwn(files, path) || folders.includes(path) || Object.keys(files).some((file) => file.startsWith(`${path}/`));
    },
  };
}

function configOf(text: string, file = '/repo/urilint.config.jsonc'): ProjectConfig {
  const result = parseConfig(text, file);
  expect(result.problems).toEqual([]);
  return result.config!;
}

/** `line:column` (1-based) of the `nth` occurrence of `needle` in `text`: expected places are computed, never counted by hand. */
function at(text: string, needle: string, nth = 0): string {
  let offset = -1;
  for (let i = 0; i <= nth; i++) offset = text.indexOf(needle, offset + 1);
  if (offset < 0) throw new Error(`${needle} is not in the text`);
  const before = text.slice(0, offset).split('\n');
  return `${before.length}:${before.at(-1)!.length + 1}`;
}

/** Each problem as `scan` prints it. */
function problemsOf(text: string, file = 'urilint.config.jsonc'): string[] {
  const result = parseConfig(text, file);
  expect(result.config).toBeUndefined();
  return result.problems.map((problem) => formatConfigProblem(problem));
}

describe('finding the configuration', () => {
  it('takes the nearest folder that holds one, from the file upward', () => {
    const fs = memoryFs({
      '/repo/.git/HEAD': 'ref: refs/heads/main',
      '/repo/urilint.config.jsonc': '{ "preset": "strict" }',
      '/repo/packages/a/urilint.config.json': '{ "preset": "all" }',
      '/repo/packages/b/src/x.ts': '',
    });
    expect(findConfig('/repo/packages/a/src/deep', fs)?.config?.file).toBe('/repo/packages/a/urilint.config.json');
    expect(findConfig('/repo/packages/a', fs)?.config?.settings).toEqual({ preset: 'all' });
    expect(findConfig('/repo/packages/b/src', fs)?.config?.file).toBe('/repo/urilint.config.jsonc');
    expect(findConfig('/repo', fs)?.config?.directory).toBe('/repo');
  });

  it('stops at the repository root (a folder with .git) and at the filesystem root', () => {
    const fs = memoryFs({ '/urilint.config.jsonc': '{}', '/work/repo/src/a.ts': '' }, ['/work/repo/.git']);
    expect(findConfig('/work/repo/src', fs)).toBeUndefined();
    expect(findConfig('/work/other', fs)?.config?.file).toBe('/urilint.config.jsonc');
    // A worktree's .git is a file: it stops the search too.
    const worktree = memoryFs({ '/w/.git': 'gitdir: /repo/.git/worktrees/w', '/urilint.config.json': '{}' });
    expect(findConfig('/w/src', worktree)).toBeUndefined();
  });

  it('reads the "urilint" key of package.json, and only a package.json that has one', () => {
    const fs = memoryFs({
      '/repo/.git/config': '',
      '/repo/package.json': '{\n  "name": "app",\n  "urilint": { "preset": "none", "rules": { "no-malformed": "warning" } }\n}',
      '/repo/lib/package.json': '{ "name": "lib" }',
    });
    const result = findConfig('/repo/lib', fs);
    expect(result?.config).toMatchObject({ file: '/repo/package.json', packageJson: true, settings: { preset: 'none', rules: { 'no-malformed': 'warning' } } });
  });

  it('reports a bad "urilint" key of package.json at its place in package.json', () => {
    const text = '{\n  "name": "app",\n  "urilint": { "preset": "strickt" }\n}';
    const fs = memoryFs({ '/r/.git': '', '/r/package.json': text });
    expect(findConfig('/r', fs)?.problems.map((problem) => formatConfigProblem(problem))).toEqual([
      `/r/package.json:${at(text, '"strickt"')}: urilint.preset: unknown preset "strickt"; did you mean "strict"? (expected one of "recommended", "strict", "all", "none")`,
    ]);
  });

  it('makes two configurations in one folder an error, never a silent choice', () => {
    const fs = memoryFs({ '/r/.git': '', '/r/urilint.config.jsonc': '{}', '/r/urilint.config.json': '{}', '/r/package.json': '{ "urilint": {} }' });
    const problems = findConfig('/r/src', fs)!.problems;
    expect(problems.map((problem) => `${problem.file}: ${problem.message}`)).toEqual([
      '/r/urilint.config.json: a second configuration in the folder of /r/urilint.config.jsonc; urilint reads one per folder',
      '/r/package.json: a second configuration in the folder of /r/urilint.config.jsonc; urilint reads one per folder',
    ]);
  });

  it('reads each folder once for many files, and again after forget()', () => {
    const fs = memoryFs({ '/r/.git': '', '/r/urilint.config.jsonc': '{ "comments": false }' });
    const configs = new ProjectConfigs(fs);
    for (const path of ['/r/a/b/1.ts', '/r/a/b/2.ts', '/r/a/c/3.ts', '/r/4.ts']) expect(configs.forFile(path)?.config?.settings).toEqual({ comments: false });
    const reads = fs.reads.filter((path) => path === '/r/urilint.config.jsonc').length;
    expect(reads).toBe(2); // once to find it, once to read it
    configs.forget();
    configs.forFile('/r/a/b/1.ts');
    expect(fs.reads.filter((path) => path === '/r/urilint.config.jsonc').length).toBe(4);
  });

  it('reads the one file named (--config), and none with noConfig (--no-config)', () => {
    const fs = memoryFs({ '/r/.git': '', '/r/urilint.config.jsonc': '{ "preset": "all" }', '/elsewhere/ci.jsonc': '{ "preset": "strict" }' });
    expect(new ProjectConfigs(fs, { config: '/elsewhere/ci.jsonc' }).forFile('/r/a.ts')?.config?.settings).toEqual({ preset: 'strict' });
    expect(new ProjectConfigs(fs, { noConfig: true }).forFile('/r/a.ts')).toBeUndefined();
    expect(new ProjectConfigs(fs, { config: '/nope.jsonc' }).forFile('/r/a.ts')?.problems[0]?.message).toBe('the configuration file cannot be read');
  });
});

describe('reading JSON with comments', () => {
  it('takes comments, trailing commas and a byte order mark', () => {
    const config = configOf('\uFEFF// urilint\n{\n  /* the rules */\n  "preset": "strict",\n  "ignore": ["dist/",],\n}\n');
    expect(config.settings).toEqual({ preset: 'strict', ignore: ['dist/'] });
  });
});

describe('resolving the settings of a file', () => {
  const config = configOf(`{
    "preset": "strict",
    "rules": { "no-insecure-scheme": "off", "no-credentials": { "severity": "warning", "options": { "placeholders": true } } },
    "templates": ["mustache"],
    "overrides": [
      { "files": ["docs/**"], "preset": "recommended", "rules": { "no-credentials": "error" } },
      { "files": ["*.md"], "comments": false, "rules": { "no-credentials": "off" } },
      { "files": ["docs/legacy/"], "templates": false }
    ]
  }`);

  it('is the defaults without a configuration', () => {
    expect(resolveSettings(undefined, '/repo/a.ts')).toEqual(defaultProjectSettings());
    expect(defaultProjectSettings()).toMatchObject({ preset: 'recommended', rules: {}, comments: true, templates: true, kinds: ['js', 'json', 'markdown', 'html', 'css', 'yaml', 'text', 'vue', 'svelte', 'astro', 'angular', 'python', 'go', 'rust', 'java', 'kotlin', 'csharp', 'ruby', 'php', 'shell', 'dotenv', 'toml', 'ini', 'properties', 'dockerfile', 'makefile'] });
  });

  it('is the defaults, then the file, then each matching override in order', () => {
    expect(resolveSettings(config, '/repo/src/a.ts')).toMatchObject({
      preset: 'strict',
      rules: { 'no-insecure-scheme': 'off', 'no-credentials': { severity: 'warning', options: { placeholders: true } } },
      templates: ['mustache'],
      comments: true,
    });
    // docs/**: severity changed, options kept.
    expect(resolveSettings(config, '/repo/docs/api.ts')).toMatchObject({ preset: 'recommended', rules: { 'no-credentials': { severity: 'error', options: { placeholders: true } } } });
    // docs/** then *.md: the later entry wins.
    expect(resolveSettings(config, '/repo/docs/guide.md')).toMatchObject({ preset: 'recommended', comments: false, rules: { 'no-credentials': { severity: 'off' } } });
    // A name pattern matches at any depth; a folder pattern everything in it.
    expect(resolveSettings(config, '/repo/README.md').comments).toBe(false);
    expect(resolveSettings(config, '/repo/docs/legacy/old/page.html').templates).toBe(false);
    expect(resolveSettings(config, '/repo/src/docs/legacy/page.html').templates).toEqual(['mustache']);
  });

  it('matches the globs relative to the folder of the configuration', () => {
    const nested = configOf('{ "overrides": [{ "files": ["src/*.ts"], "preset": "all" }] }', '/repo/packages/a/urilint.config.json');
    expect(resolveSettings(nested, '/repo/packages/a/src/x.ts').preset).toBe('all');
    expect(resolveSettings(nested, '/repo/packages/a/src/deep/x.ts').preset).toBe('recommended');
    expect(resolveSettings(nested, '/repo/src/x.ts').preset).toBe('recommended');
  });

  it('gives each call its own values', () => {
    const first = resolveSettings(config, '/repo/a.ts');
    first.ignore.push('x');
    (first.rules as Record<string, unknown>)['no-malformed'] = 'off';
    expect(resolveSettings(config, '/repo/a.ts').ignore).toEqual([]);
    expect(config.settings.rules).not.toHaveProperty('no-malformed');
  });

  it('leaves out what ignore names, relative to the configuration', () => {
    const ignoring = configOf('{ "ignore": ["dist/", "**/*.min.js", "/fixtures", "test/data/**"] }', '/r/urilint.config.jsonc');
    const ignored = (path: string, directory = false): boolean => isIgnoredByConfig(ignoring, path, directory);
    expect(ignored('/r/dist', true)).toBe(true);
    expect(ignored('/r/packages/a/dist/index.js')).toBe(true);
    expect(ignored('/r/dist')).toBe(false); // a file named dist: `dist/` names folders
    expect(ignored('/r/lib/a.min.js')).toBe(true);
    expect(ignored('/r/fixtures/a.json')).toBe(true);
    expect(ignored('/r/src/fixtures/a.json')).toBe(false); // a leading / anchors
    expect(ignored('/r/test/data/x/y.txt')).toBe(true);
    expect(ignored('/r/src/a.ts')).toBe(false);
    expect(ignored('/other/dist/a.js')).toBe(false);
  });
});

describe('globs', () => {
  const matches = (pattern: string, path: string): boolean => {
    const compiled = compileGlob(pattern);
    if ('error' in compiled) throw new Error(compiled.error);
    return compiled.matcher.matches(path);
  };

  it('reads *, **, ?, sets and braces', () => {
    expect(matches('src/**/*.ts', 'src/a.ts')).toBe(true);
    expect(matches('src/**/*.ts', 'src/a/b/c.ts')).toBe(true);
    expect(matches('src/*.ts', 'src/a/b.ts')).toBe(false);
    expect(matches('*.{md,mdx}', 'docs/a.mdx')).toBe(true);
    expect(matches('file?.[jt]s', 'file1.ts')).toBe(true);
    expect(matches('file?.[!jt]s', 'file1.ts')).toBe(false);
    expect(matches('a\\*b', 'a*b')).toBe(true);
    expect(matches('a\\*b', 'axb')).toBe(false);
  });

  it('says why a pattern is not one', () => {
    const errors = ['', 'src/[ab', 'a{b', 'a}b', 'a**b/c', '!dist', '../x', 'x\\', 'C:/x', './'].map((pattern) => {
      const compiled = compileGlob(pattern);
      return 'error' in compiled ? compiled.error : 'compiled';
    });
    expect(errors).toEqual([
      'it is empty',
      'the "[" at 5 is not closed by "]"',
      'a "{" is not closed by "}"',
      'the "}" at 2 closes no "{"',
      '"**" stands for folders only as a whole segment ("a/**/b"), not inside a name',
      'negated patterns ("!…") are not supported',
      '"." and ".." segments are not allowed; patterns are relative to the folder of the configuration file',
      'it ends in "\\", which escapes nothing',
      'it is an absolute path; patterns are relative to the folder of the configuration file',
      'it names no file',
    ]);
  });
});

describe('a bad configuration is an error at its place', () => {
  it('reports invalid JSON with its line and column', () => {
    expect(problemsOf('{\n  "preset": "strict"\n  "rules": {}\n}')).toEqual([
      'urilint.config.jsonc:3:3: invalid JSON: Unexpected token String found (expected JSON with comments and trailing commas)',
    ]);
    expect(problemsOf('')).toEqual(['urilint.config.jsonc:1:1: invalid JSON: Unexpected end of input found (expected JSON with comments and trailing commas)']);
  });

  it('reports an unknown key, with a "did you mean" when one is close', () => {
    expect(problemsOf('{\n  "prest": "all",\n  "colour": true\n}')).toEqual([
      'urilint.config.jsonc:2:3: prest: unknown key "prest"; did you mean "preset"? (expected one of the keys $schema, preset, rules, ignore, baseUri, sinks, linkComponents, comments, templates, kinds, testFiles, fixTestFiles, onlineLinks, overrides)',
      'urilint.config.jsonc:3:3: colour: unknown key "colour" (expected one of the keys $schema, preset, rules, ignore, baseUri, sinks, linkComponents, comments, templates, kinds, testFiles, fixTestFiles, onlineLinks, overrides)',
    ]);
  });

  const RULES = 'no-broken-links, no-credentials, no-deceptive-authority, no-insecure-scheme, no-invalid-percent-encoding, no-malformed, no-non-canonical-ip, no-parser-differential, no-script-url, no-unencoded-interpolation, no-unescaped-chars, no-unexpanded-template, no-unknown-scheme, prefer-normalized, require-scheme, valid-scheme-specific';

  it('reports a wrong type', () => {
    const text = '{ "comments": "yes", "ignore": "dist", "sinks": [1], "templates": 3, "rules": [] }';
    expect(problemsOf(text)).toEqual([
      `urilint.config.jsonc:${at(text, '"yes"')}: comments: "yes" is a string (expected true or false)`,
      `urilint.config.jsonc:${at(text, '"dist"')}: ignore: "dist" is a string (expected an array of glob patterns ("src/**", "*.md"))`,
      `urilint.config.jsonc:${at(text, '1]')}: sinks[0]: 1 is a number (expected a string)`,
      `urilint.config.jsonc:${at(text, '3,')}: templates: 3 is a number (expected true or false, or an array of "mustache", "jinja", "erb", "php", "actions", "shell", "percent", "server")`,
      `urilint.config.jsonc:${at(text, '[]')}: rules: [] is an array (expected an object of rule names)`,
    ]);
  });

  it('reports an unknown rule, severity, preset or template syntax', () => {
    const text = '{\n  "preset": "strict",\n  "rules": {\n    "no-credential": "error",\n    "urilint/no-malformed": "warn",\n    "no-script-url": { "severity": "high", "level": 1 }\n  },\n  "templates": ["jinja", "jinja", "razor"]\n}';
    expect(problemsOf(text)).toEqual([
      `urilint.config.jsonc:${at(text, '"no-credential"')}: rules.no-credential: unknown rule "no-credential"; did you mean "no-credentials"? (expected a rule name: ${RULES})`,
      `urilint.config.jsonc:${at(text, '"urilint/')}: rules["urilint/no-malformed"]: unknown rule "urilint/no-malformed"; did you mean "no-malformed"? (expected a rule name: ${RULES})`,
      `urilint.config.jsonc:${at(text, '"high"')}: rules.no-script-url.severity: unknown severity "high" (expected one of "off", "error", "warning", "information", "hint")`,
      `urilint.config.jsonc:${at(text, '"level"')}: rules.no-script-url.level: unknown key "level" (expected one of the keys severity, options)`,
      `urilint.config.jsonc:${at(text, '"jinja"', 1)}: templates[1]: "jinja" is listed twice (expected each value once)`,
      `urilint.config.jsonc:${at(text, '"razor"')}: templates[2]: unknown template syntax "razor" (expected one of "mustache", "jinja", "erb", "php", "actions", "shell", "percent", "server")`,
    ]);
    const warn = '{ "rules": { "no-malformed": "warn" } }';
    expect(problemsOf(warn)).toEqual([
      `urilint.config.jsonc:${at(warn, '"warn"')}: rules.no-malformed: unknown severity "warn"; did you mean "warning"? (expected one of "off", "error", "warning", "information", "hint")`,
    ]);
  });

  it('reports problems inside overrides with their key path, and every problem, not the first', () => {
    const text = '{\n  "overrides": [\n    { "files": ["docs/**"] },\n    { "files": ["src/[a"], "rules": { "no-credentialz": "off" }, "ignore": ["x"], "overrides": [] },\n    { "preset": "all" },\n    { "files": [] }\n  ]\n}';
    const problems = parseConfig(text, 'c.jsonc').problems;
    const keys = 'files, preset, rules, baseUri, sinks, linkComponents, comments, templates, kinds, fixTestFiles';
    expect(problems.map((problem) => formatConfigProblem(problem))).toEqual([
      `c.jsonc:${at(text, '"src/[a"')}: overrides[1].files[0]: invalid glob "src/[a": the "[" at 5 is not closed by "]" (expected a glob relative to the folder of the configuration file ("src/**", "*.md", "dist/"))`,
      `c.jsonc:${at(text, '"no-credentialz"')}: overrides[1].rules.no-credentialz: unknown rule "no-credentialz"; did you mean "no-credentials"? (expected a rule name: ${RULES})`,
      `c.jsonc:${at(text, '"ignore"')}: overrides[1].ignore: unknown key "ignore" (expected one of the keys ${keys})`,
      `c.jsonc:${at(text, '"overrides"', 1)}: overrides[1].overrides: unknown key "overrides" (expected one of the keys ${keys})`,
      `c.jsonc:${at(text, '{ "preset"')}: overrides[2]: the key "files" is missing (expected an array of glob patterns ("src/**", "*.md"))`,
      `c.jsonc:${at(text, '[] }', 1)}: overrides[3].files: the array is empty (expected an array of glob patterns ("src/**", "*.md"))`,
    ]);
    // Offsets are kept beside the 1-based line and column.
    const glob = '{ "ignore": ["a{"] }';
    const [problem] = parseConfig(glob, 'x.json').problems as ConfigProblem[];
    expect(glob.slice(problem!.offset, problem!.endOffset)).toBe('"a{"');
    expect([problem!.line, problem!.column]).toEqual([1, 14]);
  });

  it('never shows a password in a value it quotes', () => {
    const text = '{ "baseUri": ["https://ann:s3cret@example.com/"], "comments": "https://a-rather-long-user-name:s3cret@example.com/", "templates": ["https://ann:s3cret@example.com/"] }';
    const problems = problemsOf(text);
    expect(problems.map((problem) => problem.replace(/ \(expected .*$/, ''))).toEqual([
      `urilint.config.jsonc:${at(text, '["https://ann')}: baseUri: ["https://ann:••••@example.com/"] is an array`,
      // Masked before the value is cut to 40 characters.
      `urilint.config.jsonc:${at(text, '"https://a-rather')}: comments: "https://a-rather-long-user-name:••••… is a string`,
      `urilint.config.jsonc:${at(text, '"https://ann', 1)}: templates[0]: unknown template syntax "https://ann:••••@example.com/"`,
    ]);
    expect(problems.join('\n')).not.toContain('s3cret');
  });

  it('reports a duplicate key and a configuration that is no object', () => {
    expect(problemsOf('{ "preset": "all", "preset": "strict" }')).toEqual(['urilint.config.jsonc:1:20: preset: the key "preset" is given twice (expected each key once)']);
    expect(problemsOf('["recommended"]')[0]).toMatch(/^urilint\.config\.jsonc:1:1: \["recommended"\] is an array \(expected an object with the keys \$schema, preset/);
  });
});

describe('the JSON Schema', () => {
  it('is draft-07 and holds every setting, without keys of our own', () => {
    const schema = configJsonSchema();
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    const text = JSON.stringify(schema);
    expect(text).not.toMatch(/"(glob|noun)":/);
    expect(Object.keys(schema.properties as object)).toEqual(['$schema', 'preset', 'rules', 'ignore', 'baseUri', 'sinks', 'linkComponents', 'comments', 'templates', 'kinds', 'testFiles', 'fixTestFiles', 'onlineLinks', 'overrides']);
  });
});

describe('onlineLinks', () => {
  it('keeps the defaults of the keys a configuration leaves out, and checks the ones it sets', () => {
    const bad = memoryFs({ '/p/.git': '', '/p/urilint.config.jsonc': '{ "onlineLinks": { "timeout": 0, "hosts": { "docs.rs": { "concurency": 4 } } } }' });
    expect(findConfig('/p', bad)!.problems.map((problem) => problem.message)).toEqual([expect.stringContaining('less than 1'), expect.stringContaining('concurency')]);
    const fs = memoryFs({ '/p/.git': '', '/p/urilint.config.jsonc': '{ "onlineLinks": { "maxAge": { "broken": 2 }, "hosts": { "docs.rs": { "concurrency": 4 } } } }' });
    const result = new ProjectConfigs(fs).forFile('/p/README.md');
    const settings = resolveSettings(result?.config, '/p/README.md');
    expect(settings.onlineLinks.maxAge).toEqual({ ok: 168, moved: 168, broken: 2, unknown: 1 });
    expect(settings.onlineLinks.hosts).toEqual({ 'github.com': { concurrency: 1, delayMs: 1000 }, 'docs.rs': { concurrency: 4 } });
  });
});
