/**
 * Issue 28's eighth survey, tune half: strings and values read as URLs that are none, each case
 * written as the repository has it, beside what is still reported.
 */
import { describe, expect, it } from 'vitest';
import { ALL_RULES, problemsIn } from './support/findings.js';

const problems = (text: string): [string | undefined, string][] => problemsIn(text, 'js', ALL_RULES);

describe('a URL, an arrow and another URL in one string: two URLs, not one with spaces', () => {
  it("follow-redirects' test of the headers each redirect sends (X-Redirect)", () => {
    const code = [
      'assert.deepEqual(headers, [',
      '            {',
      '              "Host": "localhost:3600",',
      '              "X-Foo": "bar",',
      '              "X-Redirect": "http://localhost:3600/a => http://localhost:3600/b",',
      '            },',
      '            {',
      '              "Host": "localhost:3600",',
      '              "X-Foo": "bar",',
      '              "X-Redirect": "http://localhost:3600/b => http://localhost:3600/c",',
      '            },',
      '          ]);',
    ].join('\n');
    expect(problems(code).filter(([code]) => code !== 'scheme-insecure')).toEqual([]);
  });

  it('a URL with a space before other words is still one URL where its name says so', () => {
    expect(problems('const redirect = "http://localhost:3600/a b";').map(([code]) => code)).toEqual(['path-unescaped-char']);
  });
});

describe("an event handler attribute's value is script, not a URL", () => {
  it("linkifyjs' options test: attributes: { onclick: 'javascript:alert(\"Hello\");' }", () => {
    const code = ['const options = {', '\t\t\tattributes: {', "\t\t\t\tonclick: 'javascript:alert(\"Hello\");'", '\t\t\t},', '};'].join('\n');
    expect(problems(code)).toEqual([]);
  });

  it('a javascript: URL in a link attribute is still reported', () => {
    expect(problems("const a = { href: 'javascript:alert(\"Hello\");' };").map(([code]) => code)).toContain('path-unescaped-char');
  });
});

describe('no-unencoded-interpolation: a counter is a number', () => {
  const interpolation = (code: string): string[] => problemsIn(code, 'js', { 'no-unencoded-interpolation': {} }).map(([, text]) => text);

  it("workbox's routing tests: testCounter handed to the page's script", () => {
    const code = [
      '    let testCounter = 0;',
      '    let response = await global.__workbox.webdriver.executeAsyncScript(',
      '      (testCounter, cb) => {',
      '        fetch(new URL(`/RegExp/${testCounter}/`, location).href)',
      '          .then((response) => response.text())',
      '      },',
      '      testCounter,',
      '    );',
      '    testCounter += 1;',
    ].join('\n');
    expect(interpolation(code)).toEqual([]);
    expect(interpolation('fetch(`/items/${counter}/${retry_counter}`);')).toEqual([]);
  });

  it('another name is still reported', () => {
    expect(interpolation('fetch(`/items/${encounter}`);')).toEqual(['encounter']);
  });
});

describe("no-unencoded-interpolation: elk's names of a commit, a server and a handle", () => {
  const interpolation = (code: string): string[] => problemsIn(code, 'js', { 'no-unencoded-interpolation': {} }).map(([, text]) => text);
  const vue = (markup: string): string[] => problemsIn(markup, 'vue', { 'no-unencoded-interpolation': {} }).map(([, text]) => text);

  it('a commit (a hexadecimal SHA): build.commit, buildInfo.commit', () => {
    expect(vue('<template>\n    <NuxtLink :href="`https://github.com/elk-zone/elk/commit/${build.commit}`" target="_blank" text-rose hover:underline>x</NuxtLink>\n</template>')).toEqual([]);
    expect(vue('<template>\n      <a\n        :href="`https://github.com/elk-zone/elk/commit/${buildInfo.commit}`"\n      >x</a>\n</template>')).toEqual([]);
    expect(interpolation('fetch(`/repos/a/b/commits/${lastCommit}/${git_commit}`);')).toEqual([]);
  });

  it('a server (a host name): currentServer', () => {
    expect(vue('<template>\n  <NuxtLink :to="`/${currentServer}/public`" :aria-label="$t(\'nav.federated\')" :active-class="activeClass" flex flex-row>x</NuxtLink>\n</template>')).toEqual([]);
  });

  it("a handle (a user's name on a server, user or user@host)", () => {
    const code = "const originalUrl = computed(() => {\n  const [handle, _server] = account.split('@')\n  const server = _server || currentUser.value?.server\n  if (!server)\n    return null\n\n  return `https://${server}/@${handle}/${status}`\n})";
    expect(interpolation(code)).toEqual([]);
  });

  it('other names are still reported', () => {
    expect(interpolation('fetch(`/${account}/${serverUrl}/${commitMessage}`);')).toEqual(['account', 'commitMessage']);
  });
});

describe('no-unencoded-interpolation: a segment of a path split on "/"', () => {
  const interpolation = (code: string): string[] => problemsIn(code, 'js', { 'no-unencoded-interpolation': {} }).map(([, text]) => text);

  it("elk's GitHub card: the user and repository split from the card URL's path", () => {
    const code = [
      'const meta = computed(() => {',
      '  const { url } = card',
      "  const path = url.split('https://github.com/')[1]",
      "  const [firstName, secondName] = path?.split('/') || []",
      '  const firstIsUser = firstName && !supportedReservedRoutes.includes(firstName)',
      '  const user = firstIsUser ? firstName : secondName',
      '  const repo = firstIsUser ? secondName : undefined',
      '  const avatar = `https://github.com/${user}.png?size=256`',
      "  return { titleUrl: `https://github.com/${user}${repo ? `/${repo}` : ''}`, avatar }",
      '})',
    ].join('\n');
    expect(interpolation(code)).toEqual([]);
  });

  it('a piece of other text split on "/" is still reported', () => {
    expect(interpolation("const [first] = title.split('/');\nfetch(`https://example.com/${first}`);")).toEqual(['first']);
    expect(interpolation("const [first] = path.split(' ');\nfetch(`https://example.com/${first}`);")).toEqual(['first']);
  });
});
