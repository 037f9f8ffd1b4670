/**
 * Test files: where a string is test data, written as it is on purpose (a raw URL handed to the code
 * under test to see that *it* encodes it, a mock's key compared with what the code requests). Their
 * problems are reported as in any file, but a fix there is a suggestion, never applied by `--fix`,
 * ESLint's `--fix` or the editor's fix-all, unless the project opts in (`fixTestFiles`).
 *
 * One definition for every front end: the configuration file's `testFiles` and `fixTestFiles`,
 * the ESLint plugin's `settings.urilint.testFiles` / `fixTestFiles` and the editor's settings of the
 * same names. The patterns are the `ignore` globs (config/glob.ts): a pattern without `/` matches a
 * name at any depth, a trailing `/` a folder.
 */
import { compileGlob, type GlobMatcher } from './config/glob.js';

/**
 * Where tests live by the usual names: the folders `test/`, `tests/`, `unittests/`, `__tests__/`,
 * `e2e/`, `fixtures/`, and `*.test.*`, `*.spec.*`, a package's own `test.*` and `spec.*` (AVA's and
 * Jest's defaults read `test.js`), tsd's type tests `*.test-d.*` and TSTyche's `*.tst.*`; in other
 * languages pytest's `test_*.py` and `*_test.py`, Go's `*_test.go`, RSpec's `spec/` and `*_spec.rb`,
 * Minitest's `*_test.rb` and `test_*.rb`; the source sets of Gradle and Kotlin Multiplatform
 * (`src/jvmTest/`, `commonTest/`, `androidUnitTest/`, `integrationTest/`: `*Test/`) and .NET's test
 * projects (`Foo.Tests/`, `Foo.UnitTests/`: `*Tests/`); the test classes of JUnit (Maven Surefire's
 * `*Test`, `*Tests`, `*TestCase`), of Kotlin, of .NET (xUnit, NUnit, MSTest) and of PHPUnit.
 * The capital `T` is part of these names: `Latest.java` and a `contest/` folder are not tests.
 */
export const DEFAULT_TEST_FILES: readonly string[] = [
  'test/', 'tests/', 'unittests/', '__tests__/', 'e2e/', 'fixtures/', '*.test.*', '*.spec.*', 'test.*', 'spec.*', '*.test-d.*', '*.tst.*',
  'test_*.py', '*_test.py', '*_test.go', 'spec/', '*_spec.rb', '*_test.rb', 'test_*.rb',
  '*Test/', '*Tests/', '*Test.java', '*Tests.java', '*TestCase.java', '*Test.kt', '*Tests.kt', '*Test.cs', '*Tests.cs', '*Test.php',
];

/** What a check is told of the file its URIs are in. */
export interface FileContext {
  /** The file holds test data (`testFiles`): a fix there is offered as a suggestion unless `fixTestFiles`. */
  testFile?: boolean;
  /** Apply fixes in test files too (the project opts in). */
  fixTestFiles?: boolean;
}

/**
 * Whether the file at `path` is a test file by `patterns`. The path is read relative to `base` (the
 * configuration's folder, ESLint's working directory) when it is inside it, else as it is given.
 */
export function isTestFile(path: string, patterns: readonly string[] = DEFAULT_TEST_FILES, base?: string): boolean {
  if (patterns.length === 0) return false;
  const normal = path.replace(/\\/g, '/');
  let relative = normal;
  if (base !== undefined && base !== '') {
    const folder = base.replace(/\\/g, '/').replace(/\/*$/, '/');
    if (normal.startsWith(folder)) relative = normal.slice(folder.length);
  }
  const at = relative.replace(/^[a-zA-Z]:\//, '').replace(/^\/+/, '');
  return patterns.some((pattern) => matcherOf(pattern)?.matches(at) === true);
}

const matchers = new Map<string, GlobMatcher | undefined>();

/** A pattern's matcher, compiled once; `undefined` for one that is no glob (validation says so where it is written). */
function matcherOf(pattern: string): GlobMatcher | undefined {
  if (!matchers.has(pattern)) {
    const compiled = compileGlob(pattern);
    matchers.set(pattern, 'matcher' in compiled ? compiled.matcher : undefined);
  }
  return matchers.get(pattern);
}
