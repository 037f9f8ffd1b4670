import { fileURLToPath } from 'node:url';
import { RuleTester } from '@typescript-eslint/rule-tester';
import tsParser from '@typescript-eslint/parser';
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import rule from '../../src/rules/no-unencoded-interpolation.js';
import { ruleTester } from '../support/rule-tester.js';
import { FALSE_POSITIVE_TRAPS } from '../support/traps.js';

type MessageId = 'unencodedPath' | 'unencodedQuery' | 'unencodedFragment';

/** Lints with this rule alone (the plugin's rule list is assembled elsewhere). */
function lint(code: string, language: 'js' | 'jsx' | 'ts' | 'tsx'): Linter.LintMessage[] {
  const typescript = language.startsWith('t');
  return new Linter({ configType: 'flat' }).verify(
    code,
    [
      {
        files: ['**/*.js', '**/*.jsx', '**/*.ts', '**/*.tsx'],
        plugins: { urilint: { rules: { 'no-unencoded-interpolation': rule } } as never },
        languageOptions: { ...(typescript ? { parser: tsParser as never } : {}), parserOptions: { ecmaFeatures: { jsx: language.endsWith('x') } }, sourceType: 'module' },
        rules: { 'urilint/no-unencoded-interpolation': 'error' },
      },
    ],
    `file.${language}`,
  );
}

/**
 * One report on the expression `expression` (its occurrence after `after`, on the
 * last line), with the suggestion wrapping it in encodeURIComponent().
 */
function at(code: string, messageId: MessageId, expression: string, after = '') {
  const lines = code.split('\n');
  const line = lines.length;
  const offset = code.lastIndexOf('\n') + 1;
  const from = code.indexOf(expression, Math.max(offset, code.indexOf(after, offset) + after.length));
  const column = from - offset + 1;
  const output = code.slice(0, from) + `encodeURIComponent(${expression})` + code.slice(from + expression.length);
  return { messageId, line, column, endColumn: column + expression.length, suggestions: [{ messageId: 'wrap' as const, output }] };
}

const invalid = (code: string, messageId: MessageId, expression: string, after = '') => ({ code, errors: [at(code, messageId, expression, after)] });

ruleTester.run('no-unencoded-interpolation', rule, {
  valid: [
    // Without type information, the annotation of a parameter or local in the same file tells.
    'function page(count: number, flag: boolean) { return fetch(`https://api.example.com/items?n=${count}&f=${flag}`); }',
    'let size: 10 | 20 = 10;\nfetch(`https://api.example.com/items/${size}`);',
    ...FALSE_POSITIVE_TRAPS,
    // Digits, hexadecimal or version text by name (the real-code survey: react-router, msw, fastify).
    'const A = () => <link href={`style${count}.css`} />;',
    'fetch(`https://http.cat/default/${code}/`)',
    'fetch(`https://registry.example.com/msw-${packageJson.version}.tgz`)',
    'fetch(`https://cdn.example.com/app.js?version=${build.assets.version}`)',
    'fetch(`https://github.com/org/repo/commit/${sha}`)',
    'fetch(`/items/${itemCount}/${PAGE_SIZE}`)',
    // A path by design, put into the path: its "/" makes segments.
    'fetch(`https://api.reactrouter.com/${apiDocsVersion}/${path}`)',
    'fetch(`${origin}/${filePath}`)',
    'import(`file:///${path.join(packageRoot, "module-sync-enabled/index.mjs")}`)',
    'fetch(`/static/${asset_path}`)',
    "let codeLink = `https://github.com/remix-run/react-router/blob/main/${filepath}`;",
    'const spec = `file:///${path.normalize(resolved).replace("package.json", "dist/node/index.js")}`;',
    // More of the same safe characters; a version in a camel-case name; a namespace name.
    "fetch(`${server}/${'a'.repeat(maxHeaderSize)}`)",
    'new URL(`./tsconfig.${tsVersionMajorMinor}.json`, import.meta.url)',
    'const n = `http://www.w3.org/${ns}`',
    'fetch(`/users/${encodeURIComponent(name)}`)',
    'fetch(`/search?q=${encodeURIComponent(q)}&page=${page + 1}`)',
    'fetch(`/files/${encodeURI(path)}`)',
    // Numbers and booleans.
    'fetch(`/users/${42}`)',
    'fetch(`/items?limit=${items.length}`)',
    'fetch(`/users/${Number(id)}`)',
    'fetch(`/users/${parseInt(raw, 10)}`)',
    'fetch(`/page/${page * size}`)',
    'fetch(`/page/${-offset}`)',
    'fetch(`/x?t=${Date.now()}`)',
    'fetch(`/x?r=${Math.random()}`)',
    'fetch(`/x?n=${count.toFixed(2)}`)',
    'fetch(`/x?debug=${!quiet}`)',
    'fetch(`/x?debug=${a === b}`)',
    'fetch(`/x?sort=${asc ? "asc" : "desc"}`)',
    'fetch("/users/" + 42)',
    'const id = Number(raw);\nfetch(`/users/${id}`);',
    'const id = 7;\nfetch("/users/" + id);',
    'fetch(`/users/${id as number}`)',
    // Already encoded query strings.
    'fetch(`/search?${new URLSearchParams({ q })}`)',
    'fetch(`/search?${new URLSearchParams({ q }).toString()}`)',
    'const params = new URLSearchParams({ q });\nfetch(`/search?${params.toString()}`);',
    'fetch(`/search?${qs.stringify({ q })}`)',
    'fetch("/search?" + querystring.stringify({ q }))',
    // A whole component at the start, the authority, a whole query or fragment.
    'fetch(`${base}/users`)',
    'fetch(`${API_URL}/users?page=2`)',
    'fetch(`https://${host}/users`)',
    'fetch(`https://${sub}.example.com/users`)',
    'fetch(`http://localhost:${port}/api`)',
    'fetch(`/search?${query}`)',
    'location.hash = `#${hash}`',
    'fetch(base + "/users")',
    'fetch(`${scheme}://example.com/`)',
    'fetch(`${base}${path}`)',
    'const mail = `mailto:${to}`',
    // RFC 6570 templates are expanded by a library.
    'fetch("https://api.github.com/repos/{owner}/{repo}/issues{?state}")',
    // Not URLs.
    'const message = `User ${name} has ${count} items`',
    'const key = `cache:${name}`',
    'const header = `Content-Type: ${type}`',
    'if (url.startsWith(`https://${host}/`)) {}',
    'const re = new RegExp(`^/users/${id}$`)',
    'const path = `C:\\\\Users\\\\${name}`',
    'const mail = `${user}@example.com`',
    'const prose = `See https://example.com/docs for ${topic}.`',
    'fetch("https://" + host)',
  ],
  invalid: [
    invalid('fetch(`/users/${name}`)', 'unencodedPath', 'name'),
    // A path by design is still unencoded in a query or fragment; a camel-case ending needs its capital.
    invalid('fetch(`/search?next=${path}`)', 'unencodedQuery', 'path', 'next='),
    invalid('fetch(`/pages/${homepage}`)', 'unencodedPath', 'homepage'),
    invalid('fetch(`/users/${userId}`)', 'unencodedPath', 'userId'),
    invalid('fetch(`https://api.example.com/users/${user.id}/posts`)', 'unencodedPath', 'user.id'),
    invalid('fetch(`/search?q=${q}`)', 'unencodedQuery', 'q', 'q='),
    invalid('fetch(`/search?q=${encodeURIComponent(q)}&tag=${tag}`)', 'unencodedQuery', 'tag', 'tag='),
    invalid('fetch(`/docs#intro-${section.title}`)', 'unencodedFragment', 'section.title'),
    invalid('fetch(`/docs/page#section-${title}`)', 'unencodedFragment', 'title'),
    invalid('fetch("/users/" + name)', 'unencodedPath', 'name'),
    invalid('fetch("/search?q=" + term + "&page=2")', 'unencodedQuery', 'term'),
    invalid('fetch(`${base}/users/${name}`)', 'unencodedPath', 'name', 'users/'),
    invalid('const url = `https://api.example.com/search?q=${query}`', 'unencodedQuery', 'query', 'q='),
    invalid('import axios from "axios";\nawait axios.get(`/users/${String(name)}`);', 'unencodedPath', 'String(name)'),
    invalid('fetch(`/users/${JSON.stringify(filter)}`)', 'unencodedPath', 'JSON.stringify(filter)'),
    invalid('fetch(`/users/${first + last}`)', 'unencodedPath', 'first + last'),
    invalid('fetch("/users/" + (admin ? name : id))', 'unencodedPath', 'admin ? name : id'),
    invalid('<a href={`/users/${name}`}>x</a>', 'unencodedPath', 'name'),
    invalid('const id: string = read();\nfetch(`/users/${id}`);', 'unencodedPath', 'id', 'users/'),
    {
      code: 'fetch(`/users/${name}?tab=${tab}#${anchor}x`)',
      errors: [at('fetch(`/users/${name}?tab=${tab}#${anchor}x`)', 'unencodedPath', 'name'), at('fetch(`/users/${name}?tab=${tab}#${anchor}x`)', 'unencodedQuery', 'tab', 'tab='), at('fetch(`/users/${name}?tab=${tab}#${anchor}x`)', 'unencodedFragment', 'anchor')],
    },
  ],
});

// What a program shows about a value without a type checker (issue 28's second survey: excalidraw,
// openid-client, http-proxy-middleware).
ruleTester.run('no-unencoded-interpolation (values the code shows to be safe)', rule, {
  valid: [
    // A group of a regular expression written in the file that holds only unreserved characters.
    'const RE_GH_GIST = /^https:\\/\\/gist\\.github\\.com\\/([\\w_-]+)\\/([\\w_-]+)/;\nconst [, user, gistId] = link.match(RE_GH_GIST)!;\nfetch(`https://gist.github.com/${user}/${gistId}`);',
    'const RE_YOUTUBE = /^(?:https?:\\/\\/)?youtu(?:be\\.com|\\.be)\\/(embed\\/|watch\\?v=|shorts\\/)?([a-zA-Z0-9_-]+)/;\nconst ytLink = link.match(RE_YOUTUBE);\nfetch(`https://www.youtube.com/embed/${ytLink[2]}?enablejsapi=1`);',
    'const RE_TWITTER = /(?:twitter|x)\\.com\\/[^/]+\\/status\\/(\\d+)/;\nconst postId = link.match(RE_TWITTER)![1];\nfetch(`https://twitter.com/x/status/${postId}`);',
    'const RE_GIPHY = /giphy.com\\/(?:clips|embed|gifs)\\/[a-zA-Z0-9]*?-?([a-zA-Z0-9]+)(?:[^a-zA-Z0-9]|$)/;\nfetch(`https://giphy.com/embed/${RE_GIPHY.exec(str)![1]}`);',
    'const m = /^v(?<major>\\d+)\\.(\\d+)$/.exec(tag);\nfetch(`/releases/${m[2]}`);',
    // A function declared here with a safe return type; text the program writes itself.
    'const parseTimestamp = (url: string): number => Number(new URL(url).searchParams.get("t"));\nconst startTime = parseTimestamp(link);\nconst time = startTime > 0 ? `&start=${startTime}` : ``;\nfetch(`https://www.youtube.com/embed/x?enablejsapi=1${time}`);',
    'function pageOf(): number { return 1; }\nfetch(`/items/${pageOf()}`);',
    'fetch(`${issuer.origin}/${random() ? ".well-known/openid-configuration" : ".well-known/oauth-authorization-server"}`)',
    'const searchParams = new URLSearchParams();\nconst search = searchParams.toString();\nfetch(`https://drive.google.com/file/d/abc/preview${search ? `?${search}` : ""}`);',
    // Configuration from the environment, put into the path.
    'fetch(`https://esm.sh/${import.meta.env.PKG_NAME ? `${import.meta.env.PKG_NAME}@${import.meta.env.PKG_VERSION}` : "@excalidraw/excalidraw"}/dist/prod/`)',
    'fetch(`https://cdn.example.com/${process.env.ASSET_PREFIX}/app.js`)',
    // A keyword by its name, also a Vue ref's value (hoppscotch: useColorMode()); a constant URL in a query.
    'const colorMode = useColorMode();\nfetch(`/images/states/${colorMode.value}/pack.svg`);',
    'fetch(`https://libraries.example.com/?theme=${theme}&lang=${userLocale}`)',
    'const url = "https://hoppscotch.io";\nfetch(`https://www.facebook.com/sharer/sharer.php?u=${url}`);',
    // A dynamic import names a module file (flowbite-svelte).
    'const data = await import(`../component-data/${fileName}.json`);',
    // Svelte 5's $derived, followed to its expression: a directory, lower-cased (flowbite-svelte).
    'let { dir = "" } = $props();\nlet dirstring = $derived(dir ? dir.toLowerCase() : "");\nfetch(`https://blocks.example.com/${dirstring}`);',
    // The held-out half of the same survey (mongoose, next-auth, elysia, dspace-angular): file paths in a
    // path, a host name, a UUID, a router's wildcard parameter.
    "fetch(`https://github.com/Automattic/mongoose/edit/master${filename.replace(cwd, '')}`)",
    'fetch(`https://github.com/Automattic/mongoose/edit/master/${props.file}`)',
    'fetch(`https://${apiServer}/v3/${domain}/messages`)',
    "fetch('/collections/' + dso.payload.uuid + '/itemtemplate')",
    "fetch(`https://macosplay.com/${params['*']}?${new URLSearchParams(query)}`)",
    // A package name in a registry's path: its scope's "/" is read raw (pinia's playground).
    'fetch(`https://data.jsdelivr.com/v1/package/npm/${props.pkg}`)',
    // The third survey's held-out half (nuxt-ui, svelte.dev, astro-sphere): a subpath import, slugs, a
    // content file's stem, a docs link, a package name in npm's path.
    'const load = () => import(`#ui-pro/components/${props.prefix}/${upperFirst(camelName)}.vue`);',
    '<a href={`/blog/${prev.slug}`}>x</a>;',
    "fetch(`https://github.com/nuxt/ui/edit/v3/docs/content/${page?.value?.stem}.md`)",
    'fetch(`https://github.com/sveltejs/svelte/edit/main/documentation/${link}`)',
    'fetch(`https://npmjs.org/package/${pkg.name}`)',
    // An element of an array of safe literals written in the file (polka's examples).
    "let i = 0, images = ['uOi3lg8fGl4', '9yWcy5B-haM', '_MeRaXKnEYo'];\nfor (; i < images.length; i++) fetch('https://source.unsplash.com/' + images[i]);",
    // The fourth survey's tune half (vuestic-ui): a local function that returns an element of an array
    // of safe literals; a repository "owner/name" put into a code host's path.
    "const AVATAR_OPTIONS = ['mp', 'identicon', 'monsterid', 'wavatar', 'retro', 'robohash']\nconst getRandomAvatarOption = () => AVATAR_OPTIONS[Math.floor(Math.random() * AVATAR_OPTIONS.length)]\nconst getGravatarUrl = (hash) => `https://gravatar.com/avatar/${hash}?s=200&d=${getRandomAvatarOption()}&r=g`",
    'function sizeOf(big) { if (big) return "large"; return "small"; }\nfetch(`/icons?size=${sizeOf(wide)}`);',
    'const apiUrl = `https://api.github.com/repos/${props.repo}`',
    'fetch(`https://github.com/${options.githubRepo}/issues`)',
    // The held-out half (undici's docs): Buffer encodings of unreserved characters (RFC 4648 §5).
    "const url = `https://smee.io/${randomBytes(8).toString('base64url')}`",
    "fetch(`/blobs/${createHash('sha256').update(body).digest('hex')}`)",
    // The fifth survey's tune half. axios's release bot: a repository's owner, as its name.
    'class GithubAPI {\n  constructor(owner, repo) { this.owner = owner; this.repo = repo; }\n  client() { return axios.create({ baseURL: `https://api.github.com/repos/${this.owner}/${this.repo}/` }); }\n}',
    // isomorphic-git's website: Docusaurus's siteConfig, and a language code joined to "/".
    "const edit = 'https://github.com/' + siteConfig.organizationName + '/' + siteConfig.projectName + '/edit/source/website/users.js';",
    // parse-server: a key from the server's configuration.
    "const location = 'http://files.parse.com/' + config.fileKey + '/' + encodeURIComponent(filename);",
    // CoreUI's Angular template: a signal input read as href().
    'const docs = computed(() => `https://coreui.io/angular/docs/${href()}`);',
    // The held-out half, second look. PrimeVue's demos: an image's file name; vite's HMR client: a timestamp;
    // PrimeVue's theme designer: a font weight.
    'const src = `https://primefaces.org/cdn/primevue/images/product/${item.image}`;\nconst avatar = `https://primefaces.org/cdn/primevue/images/avatar/${user.image}`;',
    'const newPath = `${base}${searchUrl.slice(1)}${searchUrl.includes("?") ? "&" : "?"}t=${timestamp}`;\nfetch(`/assets/style.css?t=${timestamp}`);',
    'const fontUrl = `https://fonts.bunny.net/${fontFamilyPath}/files/${fontFamilyPath}-latin-${weight}-normal.woff2`;',
  ],
  invalid: [
    // A negated class, "." or a global match (whole matches) may hold anything.
    invalid('const RE_VIMEO = /vimeo\\.com\\/(?:video\\/)?([^?\\s]+)/;\nconst target = link.match(RE_VIMEO)?.[1];\nfetch(`https://player.vimeo.com/video/${target}?api=1`);', 'unencodedPath', 'target', 'video/'),
    invalid('const m = text.match(/title: (.+)/);\nfetch(`/posts/${m[1]}`);', 'unencodedPath', 'm[1]'),
    invalid('const words = text.match(/([a-z]+) ([a-z]+)/g);\nfetch(`/posts/${words[1]}`);', 'unencodedPath', 'words[1]'),
    invalid('const [, , rest] = link.match(/^(\\w+)\\/([\\w/]+)$/)!;\nfetch(`/repos/${rest}`);', 'unencodedPath', 'rest', 'repos/'),
    // Written text with a space; a function that returns text; environment values outside the path.
    invalid('fetch(`/users/${admin ? "a b" : "c"}`)', 'unencodedPath', 'admin ? "a b" : "c"'),
    invalid('const label = (x: string): string => x;\nfetch(`/users/${label(name)}`);', 'unencodedPath', 'label(name)'),
    invalid('fetch(`/search?key=${process.env.API_KEY}`)', 'unencodedQuery', 'process.env.API_KEY'),
    // A title with spaces (flowbite-svelte); a derived value of unknown text.
    invalid('let default_title = "Svelte UI Components";\nconst image = `https://flowbite-svelte.com/og?title=${default_title}`;', 'unencodedQuery', 'default_title', 'title='),
    invalid('fetch(`/webpack-dev-server/open-editor?fileName=${message.moduleIdentifier}`)', 'unencodedQuery', 'message.moduleIdentifier'),
    invalid('fetch(`/open?file=${fileName}`)', 'unencodedQuery', 'fileName'),
    invalid('fetch(`/users/${user.name}`)', 'unencodedPath', 'user.name'),
    invalid('fetch(`/search?tag=${slug}`)', 'unencodedQuery', 'slug', 'tag='),
    // An array with an unsafe element, or one changed in place.
    invalid("const names = ['a b', 'c'];\nfetch('/users/' + names[0]);", 'unencodedPath', 'names[0]'),
    invalid("const names = ['a', 'c'];\nnames.push(input);\nfetch('/users/' + names[2]);", 'unencodedPath', 'names[2]'),
    // A local function that returns text of unknown content, or nothing on one of its paths.
    invalid("const names = ['a b', 'c'];\nconst pick = () => names[0];\nfetch(`/users/${pick()}`);", 'unencodedPath', 'pick()'),
    invalid('function label(x) { if (x) return "a"; }\nfetch(`/users/${label(on)}`);', 'unencodedPath', 'label(on)'),
    invalid('function label(x) { return x.trim(); }\nfetch(`/users/${label(name)}`);', 'unencodedPath', 'label(name)'),
    // base64 writes "+" and "/".
    invalid("fetch(`/tokens/${randomBytes(8).toString('base64')}`)", 'unencodedPath', "randomBytes(8).toString('base64')"),
    // A repository name is a path, not a query value.
    invalid('fetch(`/search?repo=${props.repo}`)', 'unencodedQuery', 'props.repo', 'repo='),
    // An owner, a folder and configuration are paths, not query values; a call with arguments is no signal.
    invalid('fetch(`/search?owner=${owner}`)', 'unencodedQuery', 'owner', 'owner='),
    invalid('fetch(`/files?key=${config.fileKey}`)', 'unencodedQuery', 'config.fileKey', 'key='),
    invalid('fetch(`/search?image=${item.image}`)', 'unencodedQuery', 'item.image', 'image='),
    invalid('fetch(`/docs/${href(page)}`)', 'unencodedPath', 'href(page)'),
    invalid('fetch(`/users/${props.name + "/"}`)', 'unencodedPath', 'props.name + "/"'),
    invalid('let dirstring = $derived(name.toLowerCase());\nfetch(`https://blocks.example.com/${dirstring}`);', 'unencodedPath', 'dirstring', 'com/'),
  ],
});

const typedRoot = fileURLToPath(new URL('../fixtures/typed', import.meta.url));

const typedTester = new RuleTester({
  languageOptions: {
    parserOptions: {
      projectService: { allowDefaultProject: ['*.ts*'] },
      tsconfigRootDir: typedRoot,
    },
  },
});

typedTester.run('no-unencoded-interpolation (typed)', rule, {
  valid: [
    'declare const id: number;\nfetch(`/users/${id}`);',
    'const id: number = Number.parseInt("7", 10);\nfetch(`/users/${id}`);',
    'declare const big: bigint;\nfetch("/users/" + big);',
    'declare const flag: boolean;\nfetch(`/x?flag=${flag}`);',
    'declare const page: 1 | 2 | 3;\nfetch(`/x?page=${page}`);',
    'declare const sort: "asc" | "desc";\nfetch(`/x?sort=${sort}`);',
    'enum Status { Active, Closed }\ndeclare const state: Status;\nfetch(`/x?status=${state}`);',
    'declare const user: { id: number };\nfetch(`/users/${user.id}/posts`);',
    'function f<T extends number>(n: T) { return fetch(`/users/${n}`); }',
    'declare const page: number;\nfetch(`/x?page=${page + 1}`);',
  ],
  invalid: [
    invalid('const name: string = "a b";\nfetch(`/users/${name}`);', 'unencodedPath', 'name', 'users/'),
    invalid('declare const sort: "asc" | "a b";\nfetch(`/x?sort=${sort}`);', 'unencodedQuery', 'sort', 'sort='),
    invalid('declare const id: number | string;\nfetch(`/users/${id}`);', 'unencodedPath', 'id', 'users/'),
    invalid('declare const anything: any;\nfetch(`/users/${anything}`);', 'unencodedPath', 'anything', 'users/'),
    invalid('declare const user: { name: string };\nfetch("/users/" + user.name);', 'unencodedPath', 'user.name'),
  ],
});

// The same code as the typed cases, without type information: the syntactic fallback, which reads
// the annotations written in the file.
ruleTester.run('no-unencoded-interpolation (untyped fallback)', rule, {
  valid: [
    'const id: number = Number.parseInt("7", 10);\nfetch(`/users/${id}`);',
    'declare const id: number;\nfetch(`/users/${id}`);',
    'declare const flag: boolean;\nfetch(`/x?flag=${flag}`);',
    'declare const page: 1 | 2 | 3;\nfetch(`/x?page=${page}`);',
  ],
  invalid: [
    invalid('const name: string = "a b";\nfetch(`/users/${name}`);', 'unencodedPath', 'name', 'users/'),
    invalid('declare const sort: "asc" | "a b";\nfetch(`/x?sort=${sort}`);', 'unencodedQuery', 'sort', 'sort='),
    invalid('declare const id: number | string;\nfetch(`/users/${id}`);', 'unencodedPath', 'id', 'users/'),
  ],
});

describe('no-unencoded-interpolation: messages', () => {
  it('says where the value goes and what it can change', () => {
    const [message] = lint('fetch(`/search?q=${name}`)', 'js');
    expect(message!.message).toBe(
      '`${name}` is put into the query unencoded: a value with "&", "#", "+", "%" or a space changes the URL (another parameter, a fragment, another value); wrap it in encodeURIComponent(). [no-unencoded-interpolation]',
    );
    expect(message!.suggestions!.map((s) => s.desc)).toEqual(['Wrap name in encodeURIComponent().']);
  });

  it('shows a concatenated value as `+ x`', () => {
    const [message] = lint('fetch("/users/" + user.name)', 'ts');
    expect(message!.message).toMatch(/^`\+ user\.name` is put into a path segment unencoded/);
  });

  it('reports in JS, TS, JSX and TSX', () => {
    expect(lint('fetch(`/users/${name}`)', 'js')).toHaveLength(1);
    expect(lint('const n: string = x;\nfetch(`/users/${n}`);', 'ts')).toHaveLength(1);
    expect(lint('const A = () => <a href={`/users/${name}`}>x</a>;', 'jsx')).toHaveLength(1);
    expect(lint('const A = (): JSX.Element => <img src={"/img/" + name} />;', 'tsx')).toHaveLength(1);
  });
});

describe('no-unencoded-interpolation: links written in markup (the fifth survey\'s tune half)', () => {
  it("reads a language code joined to '/' as safe (isomorphic-git's Docusaurus versions page)", () => {
    const code = "const V = (props) => <a href={`${siteConfig.baseUrl}${siteConfig.docsUrl}/${props.language ? props.language + '/' : ''}alphabetic`}>Documentation</a>;";
    expect(lint(code, 'jsx')).toEqual([]);
    expect(lint(code.replaceAll('props.language', 'props.name'), 'jsx')).toHaveLength(1);
  });

  it("reads slugs and a folder from the site's settings as safe in the path (astroplate)", () => {
    const code = 'const { blog_folder } = config.settings;\nconst C = ({ author, title }) => <><a href={`/authors/${slugify(author)}`}>a</a><a href={`/${blog_folder}/${slugger.slug(title)}`}>b</a></>;';
    expect(lint(code, 'jsx')).toEqual([]);
    expect(lint(code.replace('slugify(author)', 'author'), 'jsx')).toHaveLength(1);
  });
});
