import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
// Before the code it counts: see core/test/support/work.ts.
import { expectLinearWork } from '../../core/test/support/work.js';
import { discoverDocument, loadGrammarsFor, sourceKindOf } from '../src/document.js';
import { presetOptions, presetRules, RULE_NAMES, runRules } from '../src/rules/index.js';
import { CONTROL_SENTINEL, EXPRESSION_SENTINEL, findTemplateTags, maskTemplates, sentinelHoles, sentinelHolesIn, templateSyntaxes, type TemplateSyntax } from '../src/templates.js';

const ALL = templateSyntaxes(true);

/** `[tag text, control?]` for each tag of `text`. */
const tagsOf = (text: string, syntaxes: ReadonlySet<TemplateSyntax> = ALL): [string, boolean][] =>
  findTemplateTags(text, syntaxes).map((tag) => [text.slice(tag.start, tag.end), tag.control]);

describe('findTemplateTags', () => {
  it('finds each syntax, and tells output from control', () => {
    expect(tagsOf('<a href="{{ page.url }}">{{{ raw }}}</a>')).toEqual([['{{ page.url }}', false], ['{{{ raw }}}', false]]);
    expect(tagsOf('{%- if a -%}x{% else %}y{% endif %}{% link _docs/a.md %}{# note #}')).toEqual([
      ['{%- if a -%}', true], ['{% else %}', true], ['{% endif %}', true], ['{% link _docs/a.md %}', false], ['{# note #}', true],
    ]);
    expect(tagsOf('{{< ref "x.md" >}} {{% note %}} {{/* c */}} {{- range .Items }} {{ end }} {{ .Permalink }}')).toEqual([
      ['{{< ref "x.md" >}}', false], ['{{% note %}}', false], ['{{/* c */}}', true], ['{{- range .Items }}', true], ['{{ end }}', true], ['{{ .Permalink }}', false],
    ]);
    expect(tagsOf('{{#each links}}{{this}}{{/each}}{{^none}}{{! c }}{{else}}')).toEqual([
      ['{{#each links}}', true], ['{{this}}', false], ['{{/each}}', true], ['{{^none}}', true], ['{{! c }}', true], ['{{else}}', true],
    ]);
    expect(tagsOf('<%= link %><% if x %><%- raw %><%# c %>')).toEqual([['<%= link %>', false], ['<% if x %>', true], ['<%- raw %>', false], ['<%# c %>', true]]);
    expect(tagsOf('<?php echo $u; ?><?= $v ?><?php if ($a): ?>')).toEqual([['<?php echo $u; ?>', false], ['<?= $v ?>', false], ['<?php if ($a): ?>', true]]);
    expect(tagsOf('${{ github.server_url }}/${{ github.repository }} ${HOST} ${PORT:-80} $NODE_PORT ${this.url("/a")}')).toEqual([
      ['${{ github.server_url }}', false], ['${{ github.repository }}', false], ['${HOST}', false], ['${PORT:-80}', false], ['$NODE_PORT', false], ['${this.url("/a")}', false],
    ]);
    // Not variables: an OData option, a lower-case word, a price, a `$` in a path.
    expect(tagsOf('?$filter=a $top $5 /a$b $Path ${')).toEqual([]);
  });

  it('ends a tag at the closer outside its nested braces and strings', () => {
    expect(tagsOf("{{ path('blog_index', {filters: {tag: post.tag}}) }}/a")).toEqual([["{{ path('blog_index', {filters: {tag: post.tag}}) }}", false]]);
    expect(tagsOf('{% set x = {"a": "}}"} %}b')).toEqual([['{% set x = {"a": "}}"} %}', true]]);
    expect(tagsOf('{{< ref "x.md" >}} {{ "}}" }}')).toEqual([['{{< ref "x.md" >}}', false], ['{{ "}}" }}', false]]);
  });

  it('runs an unclosed <?php to the end of the file, as PHP does', () => {
    const php = '<?php\nfunction url($slug) {\n  return "https://x.example/t/{$slug}?u=a b";\n}\n';
    expect(tagsOf(php)).toEqual([[php, true]]);
    expect(tagsOf('<p><?= $a ?> {{ b</p>')).toEqual([['<?= $a ?>', false]]);
  });

  it('takes an unclosed opener for text, and only the syntaxes asked for', () => {
    expect(tagsOf('https://x/{{ a and {% b')).toEqual([]);
    expect(tagsOf('{{ a }} {% b %} ${C}', new Set<TemplateSyntax>(['jinja']))).toEqual([['{% b %}', false]]);
    expect(tagsOf('{{ a }}', templateSyntaxes(false))).toEqual([]);
  });

  it('does linear work on openers that never close', () => {
    // (An unclosed `<?php` is one tag to the end: it would make the rest one step.)
    expectLinearWork((text: string) => findTemplateTags(text, ALL), (size) => '{{ {% <% <?= ${{ ${'.repeat(size / 18));
    // Each tag's nested reading looks ahead a bounded way, then takes the first closer.
    expectLinearWork((text: string) => findTemplateTags(text, ALL), (size) => '{{ ( }} '.repeat(size / 8));
    expectLinearWork((text: string) => findTemplateTags(text, ALL), (size) => '{{ a }}'.repeat(size / 7));
  });
});

describe('maskTemplates', () => {
  it('keeps every offset and line break, with a sentinel per character', () => {
    const text = '<a href="{{ "/about" | relative_url }}">\n{% if a\n %}x{% endif %}';
    const { text: masked, tags } = maskTemplates(text, ALL);
    expect(masked.length).toBe(text.length);
    expect(masked).toBe(`<a href="${EXPRESSION_SENTINEL.repeat(29)}">\n${CONTROL_SENTINEL.repeat(7)}\n${CONTROL_SENTINEL.repeat(3)}x${CONTROL_SENTINEL.repeat(11)}`);
    expect(tags).toHaveLength(3);
  });

  it('turns a tag alone on its YAML line into a comment', () => {
    const text = '{{- if .Values.enabled }}\nurl: {{ .Values.url }}/a\n  {{- end }}\n';
    expect(maskTemplates(text, ALL, { yaml: true }).text).toBe(`#${CONTROL_SENTINEL.repeat(24)}\nurl: ${EXPRESSION_SENTINEL.repeat(17)}/a\n  #${CONTROL_SENTINEL.repeat(9)}\n`);
  });
});

describe('template files and holes in documents', () => {
  const rules = Object.fromEntries(RULE_NAMES.map((name) => [name, {}]));
  const findings = (text: string, path: string) => {
    const found = discoverDocument(text, sourceKindOf(path), { filePath: path });
    return runRules(found.candidates, rules, found.sourceCode).map((f) => [f.code, text.slice(...f.range), f.fix?.map((e) => e.text)]);
  };

  it('reads template files as the markup they produce', () => {
    expect(['a.njk', 'a.liquid', 'a.hbs', 'a.erb', 'a.gohtml', 'page.md.njk', 'values.yaml.tmpl', 'app.js.erb'].map(sourceKindOf)).toEqual(
      ['html', 'html', 'html', 'html', 'html', 'markdown', 'yaml', 'text'],
    );
    // PHP is a program whose text around `<?php … ?>` is markup: the PHP reader reads both (a Blade view too).
    expect(['a.php', 'a.blade.php', 'a.phtml'].map(sourceKindOf)).toEqual(['php', 'php', 'php']);
  });

  describe('a Blade view (LinkStackOrg/LinkStack at 7bd6cea)', () => {
    beforeAll(() => loadGrammarsFor(['php']));

    it("reads Blade's directives, @php blocks and {!! !!} as tags: a value they choose between is not one URI", () => {
      const views = [
        // resources/views/components/pageitems/vcard-display.blade.php: the directive's quotes are inside its parentheses.
        '    <img alt="button-icon" class="icon hvr-icon" src="@if(theme(\'use_custom_icons\') == " true"){{ url(\'themes/\' . $GLOBALS[\'themeName\'] . \'/extra/custom-icons\')}}/{{$params->button}}{{theme(\'custom_icon_extension\')}} @else{{ asset(\'\\/assets/linkstack/icons\\/\') . $params->button }}.svg @endif">',
        // resources/views/linkstack/modules/admin-bar.blade.php
        '              <a class="ab-item" href="@if($isUser){{url(\'/studio/links\')}}@else {{ route(\'editUser\', $userinfo->id ) }}@endif">',
        // resources/views/layouts/sidebar.blade.php
        '                  <img id="generatedImage" draggable="false" src="@php if(isset($imgSrc)){echo $imgSrc;} @endphp" style="width:100%;height:auto;" class="bd-placeholder-img img-thumbnail">',
        // resources/views/layouts/notifications.blade.php: HTML written by the PHP of an @php block.
        "@php\n    if ($dismiss) {\n        $dismissBtn = '<a href=\"' . url()->current() . '?dismiss=' . $dismiss . '\" class=\"btn btn-danger\">'.$dismissMSG.'</a>';\n    }\n@endphp",
        '<a href="{!! $link->url !!}/{!! $x !!}">x</a>',
      ];
      for (const view of views) expect(findings(view, 'resources/views/a.blade.php'), view).toEqual([]);
    });

    it("ends PHP code at a `?>` outside its strings and comments, not at one inside a string (wallabag's EntriesExport.php)", () => {
      const php = [
        '<?php',
        '',
        'class EntriesExport',
        '{',
        '    private function produceEpub()',
        '    {',
        '        $content_start =',
        '            "<?xml version=\\"1.0\\" encoding=\\"UTF-8\\"?>\\n"',
        '            . "<html xmlns=\\"http://www.w3.org/1999/xhtml\\" xmlns:epub=\\"http://www.idpf.org/2007/ops\\">\\n"',
        "            . '<head>';",
        "        $x = '<dt>' . $this->translator->trans('entry.metadata.address') . '</dt><dd><a href=\"' . $entry->getUrl() . '\">' . $entry->getUrl() . '</a></dd>';",
        "        $book->setIdentifier(\\sprintf('urn:wallabag:%s', $hash), EPub::IDENTIFIER_URI);",
        '    }',
        '}',
        '',
      ].join('\n');
      expect(tagsOf(php)).toEqual([[php, true]]);
      // A one-line comment ends at `?>`, as PHP reads it; a string does not.
      expect(tagsOf("<?php // it's done ?>\n<a>'?></a>")).toEqual([["<?php // it's done ?>", true]]);
      expect(findings(php, 'src/Helper/EntriesExport.php')).toEqual([]);
      expect(findings('<?php $close = "?>"; ?>\n<a href="https://example.com/c d">x</a>\n', 'a.php')).toEqual([['path-unescaped-char', ' ', ['%20']]]);
    });

    it('still checks what is around them, and reads @ as Blade does only in a Blade view', () => {
      expect(findings('        <a href="https://linkstack.org/{{ $page }}/a b">LinkStack</a>\n@if($x)\n<a href="https://example.social/@user/a b">y</a>\n@endif\n', 'resources/views/layouts/app.blade.php')).toEqual([
        ['path-unescaped-char', ' ', ['%20']],
        // `@user` takes no arguments and is no directive of Blade's: the path is the URL's.
        ['path-unescaped-char', ' ', ['%20']],
      ]);
      // In a plain PHP file `@if(` is text (PHP's error-control operator is written in code, not markup).
      expect(findings('<a href="https://example.com/@if(a b)">x</a>\n', 'a.php')).toEqual([['path-unescaped-char', ' ', ['%20']]]);
    });
  });

  it('reports nothing inside a tag and still checks what is around it, in every reader', () => {
    expect(findings('<a href="{{ params.url }}">x</a><a href="https://x/{{ lang }}/a b">y</a>', 'a.html')).toEqual([['path-unescaped-char', ' ', ['%20']]]);
    expect(findings('See [docs]({{ site.baseurl }}/a|b) and [x]({% link a b.md %}).\n', 'p.md')).toEqual([['path-unescaped-char', '|', ['%7C']]]);
    expect(findings('{{- if .Values.ingress.enabled }}\nhost: https://{{ .Values.host }}/a|b\n{{- end }}\n', 'ingress.yaml')).toEqual([['path-unescaped-char', '|', ['%7C']]]);
    expect(findings('{"url": "https://{{ host }}/a|b", "home": "https://x.example/{{ p }}"}', 'a.json')).toEqual([['path-unescaped-char', '|', ['%7C']]]);
    expect(findings('a { background: url("{{ asset }}/a b.png") }', 'a.css')).toEqual([['path-unescaped-char', ' ', ['%20']]]);
    expect(findings('run: curl https://api.github.com/repos/${{ github.repository }}/a{b\n', 'ci.yml')).toEqual([['path-unescaped-char', '{', ['%7B']]]);
    expect(findings('image: ${REGISTRY}/app\nurl: http://${HOST}:8080/a|b\n', 'docker-compose.yml')).toEqual([['path-unescaped-char', '|', ['%7C']]]);
    // A Kubernetes container's dependent variable (open-telemetry/opentelemetry-helm-charts, charts/opentelemetry-demo/values.yaml):
    // https://kubernetes.io/docs/tasks/inject-data-application/define-interdependent-environment-variables/
    expect(findings('        - name: ASPNETCORE_URLS\n          value: http://*:$(CART_PORT)\n        - name: DOCS\n          value: http://example.com/$(LANG)/a|b\n', 'values.yaml')).toEqual([['path-unescaped-char', '|', ['%7C']]]);
    expect(findings('fetch("{{ base }}/users/a b");\nfetch(`${api}/{{ x }}`);\n', 'a.js')).toEqual([['path-unescaped-char', ' ', ['%20']]]);
  });

  it('checks the URI-shaped pieces between control tags, and leaves the rest alone', () => {
    const text = '<a href="\n{% if edit_link %}\n  {{ edit_link }}\n{% else %}\n  https://github.com/org/repo/edit/main/{{ page.inputPath }} x\n{% endif %}\n">edit</a>';
    expect(findings(text, 'base.njk')).toEqual([['path-unescaped-char', ' ', ['%20']]]);
  });

  it('reads the front matter of a Markdown file as YAML', () => {
    const text = '---\nlayout: post\ncanonical_url: "https://medium.com/@jane/widget 2.4 released"\npermalink: /blog/{{ page.slug }}/\n---\n\nSee [the post]({{ site.baseurl }}/a|b).\n';
    expect(findings(text, '_posts/2024-03-12-post.md')).toEqual([
      // The URI's two spaces are one report, from the first to the last, with one fix for both.
      ['path-unescaped-char', ' 2.4 ', ['%20', '%20']],
      ['path-unescaped-char', '|', ['%7C']],
    ]);
  });

  it('reads framework bindings as code, not URIs', () => {
    const html = [
      '<a :href="base + \'/a b\'">x</a>',
      '<a v-bind:href="`https://x.example/${a} b`">x</a>',
      '<a [href]="\'https://x.example/a b\'">x</a>',
      '<a [attr.href]="url + \' b\'">x</a>',
      '<a href="#" onclick="location.href=\'https://x.example/a b\'">x</a>',
    ].join('\n');
    // `[href]` makes it an Angular template: the string bound to `href` is the link's URI, its space reported.
    expect(findings(html, 'a.html')).toEqual([findings(html, 'a.component.html')[0]]);
    expect(findings(html, 'a.component.html')).toHaveLength(1);
    expect(findings(html.split('\n').filter((line) => !line.includes('[')).join('\n'), 'a.html')).toEqual([]);
  });

  it('is off when the setting says so', () => {
    const found = discoverDocument('<a href="https://x/{{lang}}/a">y</a>', 'html', { templates: false });
    expect(runRules(found.candidates, rules).map((f) => f.code)).toContain('path-unescaped-char');
  });
});

describe('placeholders of build tools, servers and people (issue 29)', () => {
  const rulesOf = (preset: 'recommended' | 'strict' | 'all') => Object.fromEntries(presetRules(preset).map((name) => [name, presetOptions(name, preset)]));
  const run = (text: string, file: string, preset: 'recommended' | 'strict' | 'all') => {
    const found = discoverDocument(text, sourceKindOf(file), { filePath: file });
    return runRules(found.candidates, rulesOf(preset), found.sourceCode);
  };
  const findings = (text: string, file: string, preset: 'recommended' | 'strict' = 'strict') => run(text, file, preset).map((f) => [text.slice(f.range[0], f.range[1]), f.code]);
  const fixes = (text: string, file: string) => run(text, file, 'all').filter((f) => f.fix !== undefined);

  it('reads build-time %NAME% substitutions as holes (create-react-app, Symfony)', () => {
    expect(tagsOf('href="%PUBLIC_URL%/favicon.ico" %kernel.project_dir%/x %env(APP_URL)%/a %env(resolve:DIR)%')).toEqual([
      ['%PUBLIC_URL%', false], ['%kernel.project_dir%', false], ['%env(APP_URL)%', false], ['%env(resolve:DIR)%', false],
    ]);
    // Percent-encoded octets are not names: %ab%cd is two octets, %20 a space.
    expect(tagsOf('/a%ab%cd%20b%2F%')).toEqual([]);
    expect(findings('<link rel="icon" href="%PUBLIC_URL%/favicon.ico">\n<link rel="manifest" href="%PUBLIC_URL%/manifest.json">', 'public/index.html')).toEqual([]);
    expect(findings('framework:\n  assets:\n    base_path: "%kernel.project_dir%/public"\n    url: "%env(APP_URL)%/assets"\n', 'config/packages/framework.yaml')).toEqual([]);
    // What lies around the hole is still checked.
    expect(findings('<link rel="icon" href="%PUBLIC_URL%/fav icon.ico">', 'public/index.html')).toEqual([[' ', 'path-unescaped-char']]);
  });

  it('reads a __NAME__ build constant in capitals as a hole (naive-ui: "__HTTP__://www.mocky.io/…")', () => {
    expect(tagsOf('__HTTP__://www.mocky.io/v2/5e4bafc63100007100d8b70f __API_BASE_URL__/users')).toEqual([['__HTTP__', false], ['__API_BASE_URL__', false]]);
    // Not a constant: Python's dunders, a name inside a word, lower case, an unclosed name.
    expect(tagsOf('__init__ a__HTTP__ __Http__ __HTTP_ x__')).toEqual([]);
    expect(findings('<template>\n  <n-upload action="__HTTP__://www.mocky.io/v2/5e4bafc63100007100d8b70f" />\n</template>\n', 'src/upload/demos/enUS/basic.demo.vue', 'recommended')).toEqual([]);
    // What lies around the hole is still checked.
    expect(findings('<template>\n  <n-upload action="__HTTP__://www.mocky.io/v2/a b" />\n</template>\n', 'basic.demo.vue', 'recommended')).toEqual([[' ', 'path-unescaped-char']]);
  });

  it("reads nginx's variables inside a URL as holes: the port is not \"3200$request_uri\"", () => {
    const conf = 'location / {\n  proxy_pass http://$query_frontend:3200$request_uri;\n}\nreturn 301 https://$host$request_uri;\nrewrite ^/old/(.*)$ https://example.com/new/$1 permanent;\n';
    expect(findings(conf, 'nginx/default.conf')).toEqual([]);
    // The same text in a Helm chart's values, which writes nginx's configuration.
    expect(findings('gateway:\n  nginxConfig: |\n    proxy_pass http://$query_frontend:3200$request_uri;\n', 'values.yaml')).toEqual([]);
    // Not nginx's: OData's $filter, YAML's $ref, a short name in a path.
    expect(tagsOf('?$filter=a &$top=1 $ref: /a$b')).toEqual([]);
    expect(findings('url: "https://example.com/a$b c"\n', 'a.yaml')).toEqual([[' ', 'path-unescaped-char']]);
  });

  it("reads Apache's, Caddy's, HAProxy's and systemd's variables as holes in their own files only", () => {
    expect(findings('RewriteRule ^(.*)$ https://%{HTTP_HOST}%{REQUEST_URI} [R=301,L]\nRedirect / https://${SERVER_NAME}/\n', '.htaccess')).toEqual([]);
    expect(findings('example.com {\n  redir https://{$DOMAIN}{uri}\n  reverse_proxy http://backend:8080{http.request.uri}\n}\n', 'Caddyfile')).toEqual([]);
    expect(findings('backend b\n  http-request redirect location https://%[req.hdr(host)]%[capture.req.uri] code 301\n', 'haproxy.cfg')).toEqual([]);
    expect(findings('[Service]\nExecStart=/usr/bin/curl http://localhost:80%i/health\n', 'health@.service')).toEqual([]);
    // The same text elsewhere is not those programs' syntax: its `%i` is no port.
    expect(findings('curl http://localhost:80%i/health\n', 'notes.txt').map(([, code]) => code)).toContain('port-invalid-char');
  });

  it('reads human placeholders as holes: never reported, never fixed', () => {
    const text = 'url: "https://github.com/<username>/<repo name>"\nb: "https://github.com/[USERNAME]/repo"\nc: "https://example.com/{your-id}"\nd: "https://api.example.com/v1/YOUR_TOKEN/x"\ne: "https://hooks.example.com/API_KEY_HERE"\n';
    expect(findings(text, 'config.yaml')).toEqual([]);
    expect(fixes(text, 'config.yaml')).toEqual([]);
    // The rest of the URL is still checked; a query's own [name] is not a placeholder.
    expect(findings('url: "https://github.com/<username>/a b"\n', 'config.yaml')).toEqual([[' ', 'path-unescaped-char']]);
    expect(findings('url: "https://example.com/api?filter[name]=x"\n', 'config.yaml').map(([, code]) => code)).toContain('query-unescaped-char');
    // A segment of #s is a number to put in (bshaffer/oauth2-server-php's CHANGELOG.md, vendored in mailcow); a second # is still one.
    const changelog = 'To see the files changed for a given bug, go to https://github.com/bshaffer/oauth2-server-php/issues/### where ### is the bug number\n';
    expect(findings(changelog, 'CHANGELOG.md')).toEqual([]);
    expect(findings('See https://example.com/docs/#a#b for it.\n', 'notes.md').map(([, code]) => code)).toEqual(['fragment-unescaped-char']);
    // A path segment of words in brackets, in DefectDojo's template for a parser's documentation.
    const template = '- [Sample Scan Data Folder](https://github.com/DefectDojo/django-DefectDojo/tree/master/unittests/scans/[parser-name])\n';
    expect(findings(template, 'docs/content/get_started/contributing/parser-documentation-template.md')).toEqual([]);
    expect(fixes(template, 'parser-documentation-template.md')).toEqual([]);
    // Its two brackets are one problem of the URI (issue 28): one report.
    expect(findings('url: "https://example.com/a/[b]/c"\n', 'config.yaml').map(([, code]) => code)).toEqual(['path-unescaped-char']);
  });

  it("reads Pelican's link placeholders as holes, the legacy |filename| too: a fix would stop Pelican replacing them", () => {
    // pelican's samples/content/cat1/markdown-article.md; https://docs.getpelican.com/en/latest/content.html#linking-to-internal-content
    const text = '[a root-relative link to unbelievable](|filename|/unbelievable.rst)\n[a file-relative link to unbelievable](|filename|../unbelievable.rst)\n![cat]({static}/images/cat.jpg)\n';
    expect(findings(text, 'markdown-article.md')).toEqual([]);
    expect(fixes(text, 'markdown-article.md')).toEqual([]);
    // A "|" that is no placeholder is still reported.
    expect(findings('[x](https://example.com/a|b)\n', 'a.md')).toEqual([['|', 'path-unescaped-char']]);
  });

  it("reads webpack's template strings as holes: webpack replaces them (flaskbb's aurora theme)", () => {
    // flaskbb/themes/aurora/webpack.common.js; https://webpack.js.org/configuration/output/#template-strings
    const text = "module.exports = {\n  output: {\n    devtoolModuleFilenameTemplate: 'http://[resource-path]?[loaders]',\n    publicPath: 'https://cdn.example.com/[fullhash]/',\n    filename: 'js/[name].[contenthash:8].js',\n  },\n};\n";
    expect(findings(text, 'webpack.common.js')).toEqual([]);
    expect(fixes(text, 'webpack.common.js')).toEqual([]);
    // A bracketed word that is no template string of webpack's is still reported.
    // Its two brackets are one problem of the URI (issue 28): one report.
    expect(findings("const u = 'http://example.com/a?[other]';\n", 'x.js').map(([, code]) => code)).toEqual(['query-unescaped-char']);
  });

  it('reads a URL grammar with […] for optional parts as a description, not a URI (node-redis, issue 28)', () => {
    // node-redis packages/client/lib/client/index.ts: the comment documents the URLs the client accepts.
    const text = '  // unix://[user[:password]@]/path/to/sock[?db=N]\n  const url = parse(options.url);\n';
    expect(findings(text, 'packages/client/lib/client/index.ts', 'recommended')).toEqual([]);
    expect(findings(text, 'packages/client/lib/client/index.ts')).toEqual([]);
    expect(fixes(text, 'packages/client/lib/client/index.ts')).toEqual([]);
    // The same grammar in Markdown, and brackets that enclose a delimiter without nesting.
    expect(findings('Connect with `redis://[[username][:password]@][host][:port][/db-number]`.\n', 'README.md')).toEqual([]);
    expect(findings('// https://example.com/search[?q=TERM][#top]\n', 'a.ts')).toEqual([]);
    // An IP literal's brackets are a host: still read, and what lies after it still checked.
    expect(findings('// see http://[::1]:8080/\n', 'a.ts')).toEqual([]);
    expect(findings('// see http://[::1]:8080/a%zz\n', 'a.ts').map(([, code]) => code)).toEqual(['pct-invalid-triplet']);
    expect(findings("const u = 'http://[::1]:8080/a[b]';\n", 'a.ts').map(([, code]) => code)).toEqual(['path-unescaped-char']);
  });

  it("reads a grammar's optional port, [:PORT] after a host, as an optional part (oauth2-proxy/manifests)", () => {
    // helm/oauth2-proxy/values.yaml: a comment documents the URL the chart takes.
    const text = '    # URL of redis standalone server for redis session storage (e.g. `redis://HOST[:PORT]`). Automatically generated if not set\n    connectionUrl: ""\n';
    expect(findings(text, 'helm/oauth2-proxy/values.yaml')).toEqual([]);
    // What lies outside the optional part is still checked.
    expect(findings('    # e.g. redis://localhost[:port]/a%zz\n', 'values.yaml').map(([, code]) => code)).toEqual(['pct-invalid-triplet']);
    // No IP literal starts with one `:`; one that starts with two is still a host.
    expect(findings('// see http://[::abc]:8080/a%zz\n', 'a.ts').map(([, code]) => code)).toEqual(['pct-invalid-triplet']);
  });

  it("leaves a crawler's scope glob alone: http://cheerio.js.org/** is a pattern the crawler matches, not a request (issue 28)", () => {
    // cheerio's website/algolia-crawler.config.mjs: an entry of the crawler's scope.
    const text = "export default {\n  discoveryPatterns: ['https://cheerio.js.org/**', 'http://cheerio.js.org/**'],\n};\n";
    expect(findings(text, 'website/algolia-crawler.config.mjs')).toEqual([]);
    // A plain http: URL is still reported in strict.
    expect(findings("export default { startUrls: ['http://cheerio.js.org/docs'] };\n", 'website/algolia-crawler.config.mjs').map(([, code]) => code)).toEqual(['scheme-insecure']);
  });

  it("reads Go's fmt verbs in a Hugo data file as holes: a template fills them with printf (congo's share links)", () => {
    // jpanther/congo data/sharing.json, filled by layouts/partials/sharing-links.html: href="{{ printf .url $.Permalink $.Title }}"
    const text = '{\n  "email": {\n    "icon": "email",\n    "title": "sharing.email",\n    "url": "mailto:?body=%s&subject=%s"\n  },\n  "facebook": {\n    "icon": "facebook",\n    "title": "sharing.facebook",\n    "url": "https://www.facebook.com/sharer/sharer.php?u=%s&quote=%s"\n  },\n  "weibo": {\n    "icon": "weibo",\n    "title": "sharing.weibo",\n    "url": "https://service.weibo.com/share/share.php?url=%s&appkey=&title=%s&pic=&ralateUid=&lang"\n  }\n}\n';
    expect(findings(text, 'data/sharing.json')).toEqual([]);
    expect(fixes(text, 'data/sharing.json')).toEqual([]);
    expect(findings('sharing:\n  x: "https://x.com/intent/tweet/?url=%[1]s&text=%[2]s"\n', 'exampleSite/data/links.yaml')).toEqual([]);
    expect(findings('[reddit]\nurl = "https://reddit.com/submit/?url=%s&resubmit=true&title=%s"\n', 'data/sharing.toml')).toEqual([]);
    // What lies between the verbs is still checked: the raw space of "#text=%s %s" stays in the shared URL.
    const mastodon = '{\n  "mastodon": {\n    "url": "https://tootpick.org/#text=%s %s"\n  }\n}\n';
    expect(findings(mastodon, 'data/sharing.json')).toEqual([[' ', 'fragment-unescaped-char']]);
    // Its fix is no automatic one: printf would read the "%" of "%s%20%s" as a conversion ("%20%" writes "%", then "s").
    expect(fixes(mastodon, 'data/sharing.json')).toEqual([]);
    // A percent-encoding is no verb (%c3 is no %c), and outside a data folder %s is no Hugo verb.
    expect(findings('{"url": "https://example.com/caf%c3%a9/%s"}\n', 'data/a.json', 'recommended')).toEqual([]);
    expect(findings('{"url": "https://example.com/?u=%s"}\n', 'config/a.json').map(([, code]) => code)).toEqual(['pct-invalid-triplet']);
  });

  it("reads a Jekyll highlight block as code, not the page's text: Ruby's #{version} in a cask shown on brew.sh's home page", () => {
    // Homebrew/brew.sh _layouts/index.html; https://jekyllrb.com/docs/liquid/tags/#code-snippet-highlighting
    const text = "{% highlight ruby -%}\ncask \"firefox\" do\n  version \"151.0.3\"\n  sha256 \"60d5cb29412b161c76ecc58f3f8a960cd0048081cf84c6fe91579f1957564277\"\n\n  url \"https://download-installer.cdn.mozilla.net/pub/firefox/releases/#{version}/mac/en-US/Firefox%20#{version}.dmg\"\n  name \"Mozilla Firefox\"\n  desc \"Web browser\"\n  homepage \"https://www.mozilla.org/firefox/\"\nend\n{%- endhighlight %}\n";
    expect(findings(text, '_layouts/index.html')).toEqual([]);
    // What follows the block is the page's text again; a block never closed is no block.
    expect(findings(`${text}<a href="https://brew.sh/a b">x</a>\n`, '_layouts/index.html')).toEqual([[' ', 'path-unescaped-char']]);
    expect(findings('{% highlight ruby %}\n<a href="https://brew.sh/a b">x</a>\n', 'index.html')).toEqual([[' ', 'path-unescaped-char']]);
    expect(tagsOf('a {%- highlight ruby -%} b {%- endhighlight -%} c {% highlight x %}')).toEqual([['{%- highlight ruby -%} b {%- endhighlight -%}', true], ['{% highlight x %}', false]]);
  });

  it('leaves a regular expression in a YAML value alone: a character class with a range and a quantifier', () => {
    const text = 'ignoreRegExpList:\n  - "mailto:[-a-zA-Z=;:/?%&0-9+@.]{3,}"\n  - "https://[a-z0-9.-]+/x"\n';
    expect(findings(text, 'cspell.yml')).toEqual([]);
    expect(fixes(text, 'cspell.yml')).toEqual([]);
  });
});

describe('sentinelHolesIn: the masked tags that overlap a range, read from a window around it', () => {
  it('finds what sentinelHoles finds on the whole text, for any range (seeded)', () => {
    const text = fc.array(fc.constantFrom(EXPRESSION_SENTINEL, CONTROL_SENTINEL, '\n', '\r', 'a', '/', ' '), { maxLength: 40 }).map((chars) => chars.join(''));
    fc.assert(
      fc.property(text, fc.nat(), fc.nat(), (value, a, b) => {
        const start = value.length === 0 ? 0 : a % (value.length + 1);
        const end = start + (value.length === 0 ? 0 : b % (value.length - start + 1));
        const whole = sentinelHoles(value).filter((hole) => hole.end > start && hole.start < end);
        expect(sentinelHolesIn(value, start, end)).toEqual(whole);
      }),
      { numRuns: 2_000 },
    );
  });

  it('reads a window, not the line: a tag across line breaks that starts before the range is one hole', () => {
    const value = `a${EXPRESSION_SENTINEL}\n${EXPRESSION_SENTINEL}b https://x/${CONTROL_SENTINEL}`;
    expect(sentinelHolesIn(value, 2, 4)).toEqual([{ start: 1, end: 4, control: false }]);
    expect(sentinelHolesIn(value, 5, value.length)).toEqual([{ start: value.length - 1, end: value.length, control: true }]);
  });
});
