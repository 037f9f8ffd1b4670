import { describe, expect, it } from 'vitest';
// Before the code it counts: see core/test/support/work.ts.
import { expectLinearWork } from '../../core/test/support/work.js';
import { discoverDocument, sourceKindOf } from '../src/document.js';
import { RULE_NAMES, runRules } from '../src/rules/index.js';
import { CONTROL_SENTINEL, EXPRESSION_SENTINEL, findTemplateTags, maskTemplates, templateSyntaxes, type TemplateSyntax } from '../src/templates.js';

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
    expect(['a.njk', 'a.liquid', 'a.hbs', 'a.erb', 'a.php', 'a.gohtml', 'page.md.njk', 'values.yaml.tmpl', 'app.js.erb'].map(sourceKindOf)).toEqual(
      ['html', 'html', 'html', 'html', 'html', 'html', 'markdown', 'yaml', 'text'],
    );
  });

  it('reports nothing inside a tag and still checks what is around it, in every reader', () => {
    expect(findings('<a href="{{ params.url }}">x</a><a href="https://x/{{ lang }}/a b">y</a>', 'a.html')).toEqual([['path-unescaped-char', ' ', ['%20']]]);
    expect(findings('See [docs]({{ site.baseurl }}/a|b) and [x]({% link a b.md %}).\n', 'p.md')).toEqual([['path-unescaped-char', '|', ['%7C']]]);
    expect(findings('{{- if .Values.ingress.enabled }}\nhost: https://{{ .Values.host }}/a|b\n{{- end }}\n', 'ingress.yaml')).toEqual([['path-unescaped-char', '|', ['%7C']]]);
    expect(findings('{"url": "https://{{ host }}/a|b", "home": "https://x.example/{{ p }}"}', 'a.json')).toEqual([['path-unescaped-char', '|', ['%7C']]]);
    expect(findings('a { background: url("{{ asset }}/a b.png") }', 'a.css')).toEqual([['path-unescaped-char', ' ', ['%20']]]);
    expect(findings('run: curl https://api.github.com/repos/${{ github.repository }}/a{b\n', 'ci.yml')).toEqual([['path-unescaped-char', '{', ['%7B']]]);
    expect(findings('image: ${REGISTRY}/app\nurl: http://${HOST}:8080/a|b\n', 'docker-compose.yml')).toEqual([['path-unescaped-char', '|', ['%7C']]]);
    expect(findings('fetch("{{ base }}/users/a b");\nfetch(`${api}/{{ x }}`);\n', 'a.js')).toEqual([['path-unescaped-char', ' ', ['%20']]]);
  });

  it('checks the URI-shaped pieces between control tags, and leaves the rest alone', () => {
    const text = '<a href="\n{% if edit_link %}\n  {{ edit_link }}\n{% else %}\n  https://github.com/org/repo/edit/main/{{ page.inputPath }} x\n{% endif %}\n">edit</a>';
    expect(findings(text, 'base.njk')).toEqual([['path-unescaped-char', ' ', ['%20']]]);
  });

  it('reads the front matter of a Markdown file as YAML', () => {
    const text = '---\nlayout: post\ncanonical_url: "https://medium.com/@jane/widget 2.4 released"\npermalink: /blog/{{ page.slug }}/\n---\n\nSee [the post]({{ site.baseurl }}/a|b).\n';
    expect(findings(text, '_posts/2024-03-12-post.md')).toEqual([
      ['path-unescaped-char', ' ', ['%20']],
      ['path-unescaped-char', ' ', ['%20']],
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
