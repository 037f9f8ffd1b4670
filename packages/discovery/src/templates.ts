/**
 * Template syntax in the files URIs are written in: `{{ page.url }}` in a Jekyll page, `{% if %}` in
 * a Nunjucks layout, `<%= link %>` in ERB, `${{ github.server_url }}` in a workflow. A template
 * expression is a hole, exactly as `${…}` is in a JavaScript template literal: nothing inside it is
 * reported, a fix never touches it, and what lies around it is still checked.
 *
 * Before a document is parsed, each tag is masked with sentinel characters of the same length (line
 * breaks kept), so a quote or a space inside `{{ "/about" | relative_url }}` cannot break the
 * attribute or link around it and every offset stays the source's. A candidate then sees a run of
 * sentinels where the tag was, and `templateHoles` turns that run into a hole. A control tag
 * (`{% if %}`, `{{#each}}`, `<% end %>`) has its own sentinel: a value with one in it is not one URI.
 */

/** The template syntaxes recognised, by name (each name is a setting's value). */
export const TEMPLATE_SYNTAXES = ['mustache', 'jinja', 'erb', 'php', 'actions', 'shell', 'percent', 'server'] as const;

export type TemplateSyntax = (typeof TEMPLATE_SYNTAXES)[number];

/** What each syntax recognises, for the docs and the settings' descriptions. */
export const TEMPLATE_SYNTAX_DESCRIPTIONS: Readonly<Record<TemplateSyntax, string>> = {
  mustache: '`{{ … }}`, `{{{ … }}}`, `{{- … -}}`, Hugo shortcodes `{{< … >}}` and `{{% … %}}` (Liquid, Jinja, Nunjucks, Django, Handlebars, Mustache, Go templates, Helm, Hugo, Angular, Vue)',
  jinja: '`{% … %}` and `{# … #}` (Liquid, Jinja, Nunjucks, Django, Twig)',
  erb: '`<% … %>`, `<%= … %>`, `<%- … %>`, `<%# … %>` (ERB, EJS)',
  php: '`<?php … ?>` and `<?= … ?>`; in a Blade view (`.blade.php`) also `{!! … !!}`, `@php … @endphp` and directives (`@if(…)`, `@else`, `@endif`, `@include(…)`: a bare `@word` only when Blade defines it without arguments)',
  actions: '`${{ … }}` (GitHub Actions)',
  shell: '`${VAR}`, `${VAR:-default}`, `${expression}` and `$VAR` in capitals (Docker Compose, shell, environment files, script text in markup; not in JavaScript, whose `${…}` is its own), `$(NAME)` (Kubernetes dependent environment variables, make variables, shell command substitution), and `{$var}` (PHP\'s interpolation, in examples)',
  percent: '`%NAME%` build-time substitutions: `%PUBLIC_URL%` (create-react-app, html-webpack-plugin), `%kernel.project_dir%` and `%env(VAR)%` (Symfony parameters), and the URL patterns an application fills in, in the strings of a program (the `%value%` of URL patterns in Redmine); a name that starts with two hexadecimal digits is a percent-encoding, not a name (not in JavaScript); and `__NAME__` in capitals, a constant a build step replaces in the text (naive-ui\'s `__HTTP__://…`, the constants of Vite\'s and webpack\'s `define`); and Go\'s `fmt` verbs `%s`, `%v`, `%d`, `%[1]s` in a Hugo data file (JSON, YAML or TOML under `data/`), whose strings a template gives to `printf`',
  server: 'server configuration variables: nginx `$host`, `$request_uri` (lower case, written inside a URL), Apache `%{HTTP_HOST}`, Caddy `{$VAR}` and placeholders `{http.request.uri}`, HAProxy `%[req.hdr(host)]` and systemd specifiers `%i`, `%H` (the last three only in those programs\' files: `Caddyfile`, `haproxy.cfg`, `*.service`…; not in JavaScript)',
};

/** Which syntaxes a setting turns on: `true` (the default) all, `false` none, or the list named. */
export type TemplateSetting = boolean | readonly TemplateSyntax[];

export function templateSyntaxes(setting: TemplateSetting | undefined): ReadonlySet<TemplateSyntax> {
  if (setting === undefined || setting === true) return new Set(TEMPLATE_SYNTAXES);
  if (setting === false) return new Set();
  return new Set(setting.filter((name) => (TEMPLATE_SYNTAXES as readonly string[]).includes(name)));
}

/** Where an expression tag was (its output stands in the text). */
export const EXPRESSION_SENTINEL = '\uE000';
/** Where a control tag was (`{% if %}`, `{{ end }}`): it chooses between texts, or outputs nothing. */
export const CONTROL_SENTINEL = '\uE001';

/** One template tag: `[start, end)` of the text, and whether it is a control tag. */
export interface TemplateTag {
  start: number;
  end: number;
  control: boolean;
}

/** Words that open, continue or close a block, or output nothing, after a tag's opening delimiter. */
const CONTROL_WORDS = new Set([
  // Liquid, Jinja, Nunjucks, Django, Twig
  'if', 'elif', 'elsif', 'else', 'endif', 'unless', 'endunless', 'for', 'endfor', 'case', 'when', 'endcase', 'while', 'endwhile',
  'block', 'endblock', 'with', 'endwith', 'capture', 'endcapture', 'comment', 'endcomment', 'raw', 'endraw', 'set', 'endset',
  'assign', 'macro', 'endmacro', 'filter', 'endfilter', 'call', 'endcall', 'spaceless', 'endspaceless', 'autoescape',
  'endautoescape', 'tablerow', 'endtablerow', 'extends', 'load', 'cycle', 'increment', 'decrement', 'break', 'continue',
  'verbatim', 'endverbatim', 'apply', 'endapply', 'embed', 'endembed', 'do', 'import', 'from', 'liquid', 'empty',
  // Go templates (Hugo, Helm)
  'range', 'end', 'define',
  // ERB, EJS, PHP
  'endforeach', 'foreach', 'elseif',
]);

/** Whether the body of a tag (after its delimiter and any `-`, `~`, `=`) starts with a control word. */
function isControlBody(body: string): boolean {
  const word = /^[\s\-~+]*([A-Za-z_]+)/.exec(body)?.[1];
  return word !== undefined && CONTROL_WORDS.has(word);
}

/** The delimiters of each syntax: the opener, the closer, and how a tag's kind is told. */
interface Delimiter {
  syntax: TemplateSyntax;
  open: string;
  close: string;
  kind: (body: string) => boolean;
  /** The body may nest braces and strings (`{{ path('x', {a: {b: 1}}) }}`): its closer is the first one outside them. */
  nests?: boolean;
  /** With no closer, the tag runs to the end of the text (PHP's `?>` is optional at the end of a file). */
  toEnd?: boolean;
  /** Where the closer is, when the body's own syntax decides it (PHP's strings hold `?>`), or -1. */
  closer?: (text: string, from: number) => number;
}

/**
 * Where PHP code from `from` ends: the first `?>` outside its strings and block comments (PHP
 * manual, "PHP tags": a `?>` in a string is the string's, as in `"<?xml version=\"1.0\"?>\n"`; a
 * `//` or `#` comment ends at one), or -1. Linear: each character is looked at once.
 */
export function phpClose(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '"' || ch === "'" || ch === '`') {
      for (i++; i < text.length && text[i] !== ch; i++) if (text[i] === '\\') i++;
    } else if ((ch === '/' && text[i + 1] === '/') || (ch === '#' && text[i + 1] !== '[')) {
      // A one-line comment ends at the line's end or at `?>`.
      for (; i < text.length && text[i] !== '\n'; i++) if (text[i] === '?' && text[i + 1] === '>') return i;
    } else if (ch === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      if (end === -1) return -1;
      i = end + 1;
    } else if (ch === '?' && text[i + 1] === '>') {
      return i;
    }
  }
  return -1;
}

/** How far a nesting tag's body is read for its balanced closer before the first closer is taken instead. */
const MAX_NESTED_BODY = 1024;

/**
 * Where the closer of a body that nests braces and quoted strings ends, or -1 when none is found
 * within `MAX_NESTED_BODY` characters (the caller then takes the first closer): bounded, so text
 * full of openers costs linear time.
 */
export function balancedClose(text: string, from: number, close: string): number {
  let depth = 0;
  let quote = '';
  const limit = Math.min(text.length, from + MAX_NESTED_BODY);
  for (let i = from; i < limit; i++) {
    const ch = text[i]!;
    if (quote !== '') {
      if (ch === '\\') i++;
      else if (ch === quote) quote = '';
      continue;
    }
    if (ch === '"' || ch === "'") quote = ch;
    else if (depth === 0 && text.startsWith(close, i)) return i;
    else if (ch === '{' || ch === '(' || ch === '[') depth++;
    else if ((ch === '}' || ch === ')' || ch === ']') && depth > 0) depth--;
  }
  return -1;
}

const DELIMITERS: readonly Delimiter[] = [
  // Longest openers first: `${{` before `${`, `{{{` before `{{`, `<?php` before `<?`.
  { syntax: 'actions', open: '${{', close: '}}', kind: () => false },
  { syntax: 'mustache', open: '{{{', close: '}}}', kind: () => false },
  {
    syntax: 'mustache',
    open: '{{',
    close: '}}',
    nests: true,
    // Handlebars blocks and comments (`{{#if}}`, `{{/if}}`, `{{^x}}`, `{{!…}}`, `{{else}}`), Go's `{{/* */}}`, control words.
    kind: (body) => /^[\s\-~]*[#/^!]/.test(body) || isControlBody(body),
  },
  { syntax: 'jinja', open: '{%', close: '%}', kind: (body) => isControlBody(body), nests: true },
  { syntax: 'jinja', open: '{#', close: '#}', kind: () => true },
  // `<%=` and `<%-` output; `<%` runs code and `<%#` is a comment.
  { syntax: 'erb', open: '<%', close: '%>', kind: (body) => !/^[=-]/.test(body) },
  { syntax: 'php', open: '<?php', close: '?>', kind: (body) => !/^\s*(echo|print)\b/.test(body), toEnd: true, closer: phpClose },
  { syntax: 'php', open: '<?=', close: '?>', kind: () => false, closer: phpClose },
];

/**
 * `${NAME}`, `${NAME:-default}`, `${NAME?error}` (a shell or Compose variable), `${expression}` (a
 * JavaScript or Groovy template's text in markup), and `$NAME` in capitals (`http://$NODE_IP:$NODE_PORT`
 * in a Helm chart's notes): never part of a URI, whose `{` must be escaped and whose `$NAME` in
 * capitals is a variable by convention (`$filter` in an OData query is lower case). And `$(NAME)`: a
 * Kubernetes container's dependent environment variable (`value: http://*:$(CART_PORT)`, expanded from
 * the container's other variables), a make variable, a command's output in a shell.
 */
const SHELL_VARIABLE = /\$\{[^{}\r\n]*\}|\$[A-Z_][A-Z0-9_]*(?![A-Za-z0-9_])|\$\([A-Za-z_][A-Za-z0-9_]*\)/y;

/** PHP's complex interpolation, `{$file}`, `{$user->id}`, `{$a['k']}` (a docblock's example code): a variable's value, as `${…}` is. */
const BRACED_VARIABLE = /\{\$[A-Za-z_][^{}\s]*\}/y;

/**
 * `%NAME%`, `%dotted.name%`, `%env(VAR)%` and `%env(resolve:VAR)%`: a value put in at build time
 * (create-react-app and html-webpack-plugin's `%PUBLIC_URL%`, Symfony's parameters). A name whose
 * first two characters are hexadecimal digits is not one: `%ab%cd` is two percent-encoded octets.
 */
const PERCENT_NAME = /%(?![0-9A-Fa-f]{2})[A-Za-z_][\w.-]*(?:\([\w:.-]*\))?%/y;

/**
 * nginx's variables written inside a URL (`proxy_pass http://$upstream:3200$request_uri;`,
 * `return 301 https://$host$request_uri;`): `$name` in lower case right after a URL's own character.
 * After a space, a quote, `?` or `&` it is not one (`$ref:` in YAML, OData's `?$filter=`); outside
 * nginx's own files a name is three characters or more (`/a$b` is a path).
 */
const NGINX_VARIABLE = /\$[a-z_][a-z0-9_]{2,}(?![\w=])/y;
/** In nginx's own files, any variable, regular expression captures (`$1`) among them. */
const NGINX_FILE_VARIABLE = /\$(?:[a-z_][a-z0-9_]*|[0-9])(?![\w=])/y;
const NGINX_BEFORE = /[\w/:.@\]-]/;

/** Apache's `%{HTTP_HOST}`, `%{ENV:VAR}`, and HAProxy's sample fetches `%[req.hdr(host)]`. */
const PERCENT_BRACE = /%\{[\w:.-]+\}|%\[[^[\]\s]+\]/y;

/** Caddy's `{$VAR}`, `{$VAR:default}` and placeholders `{http.request.uri}`, `{host}`, `{path}`. */
const CADDY_PLACEHOLDER = /\{\$[A-Za-z_]\w*(?::[^{}\s]*)?\}|\{[a-z][\w.-]*\}/y;

/** systemd's unit specifiers (`%i`, `%H`, `%%`), in a unit file. */
const SYSTEMD_SPECIFIER = /%[a-zA-Z%]/y;

/**
 * Go's `fmt` verbs (https://pkg.go.dev/fmt): `%s`, `%v`, `%d`, `%q`, `%[1]s`, `%-8s`, `%%`. In a Hugo
 * data file a template fills them with `printf` (congo's `data/sharing.json`, whose share links
 * `…/sharer.php?u=%s&quote=%s` are written by `{{ printf .url $.Permalink $.Title }}`). A `%` and two
 * hexadecimal digits is a percent-encoding, not a verb: `%de`, `%2F`.
 */
const GO_VERB = /%(?![0-9A-Fa-f]{2})(?:\[\d+\])?[+\-# 0]*\d*(?:\.\d*)?(?:\[\d+\])?[vTtbcdoOqxXUeEfFgGsp%]/y;

/**
 * The programs whose own files hold variables of their own beyond nginx's `$name`: the servers', and
 * Hugo's data files (`hugo`), whose strings Hugo's templates give to `printf`.
 */
export type ServerProgram = 'nginx' | 'apache' | 'caddy' | 'haproxy' | 'systemd' | 'hugo';

/** The suffix of a configuration file's copy to start from: `.example`, `.sample`, `.dist`, `.default`. */
const EXAMPLE_SUFFIX = /(?<=.)\.(?:example|sample|dist|default)$/;

/**
 * The program that reads a file, by its name (or the name of the copy it is an example of, `nginx.conf.example`): nginx (`nginx.conf`, `*.conf` under a folder named
 * `nginx`, `sites-available/`, `conf.d/`), Apache (`.htaccess`, `httpd.conf`, `apache2.conf`, a
 * folder named `apache2` or `httpd`), Caddy (`Caddyfile`, `*.caddyfile`), HAProxy (`haproxy.cfg`),
 * systemd (`*.service`, `*.socket`, `*.timer`, `*.mount`, `*.path`), Hugo (a JSON, YAML or TOML
 * file under a folder named `data`: Hugo's data folder, a site's, a theme's or an example site's;
 * https://gohugo.io/content-management/data-sources/).
 */
export function serverProgramOf(filePath: string): ServerProgram | undefined {
  const path = filePath.replace(/\\/g, '/').toLowerCase();
  // A copy to start from is the program's file too: koel's `nginx.conf.example`, `.htaccess.dist`, `haproxy.cfg.sample`.
  const name = path.slice(path.lastIndexOf('/') + 1).replace(EXAMPLE_SUFFIX, '');
  const folders = path.split('/').slice(0, -1);
  if (name === 'caddyfile' || name.endsWith('.caddyfile') || name.startsWith('caddyfile.')) return 'caddy';
  if (/^haproxy.*\.cfg$/.test(name)) return 'haproxy';
  if (/\.(?:service|socket|timer|mount|path)$/.test(name)) return 'systemd';
  if (name === '.htaccess' || name === 'httpd.conf' || name === 'apache2.conf' || folders.some((f) => f === 'apache2' || f === 'httpd' || f === 'apache')) return 'apache';
  if (/\.(?:json|ya?ml|toml)$/.test(name) && folders.includes('data')) return 'hugo';
  if (name === 'nginx.conf' || name.endsWith('.nginx') || (name.endsWith('.conf') && folders.some((f) => f === 'nginx' || f === 'sites-available' || f === 'sites-enabled' || f === 'conf.d'))) return 'nginx';
  // A `.conf` named `nginx.*` (docker-nginx-brotli's `nginx.vh.default.conf`), any file of Debian's `sites-available`
  // and `sites-enabled` (`default`, `example.com`), and a site file named in lower case with no extension in an
  // `nginx` folder (microblog's `deployment/nginx/microblog`; not its `Dockerfile`).
  if (/^nginx[._-].*\.conf$/.test(name) || folders.some((f) => f === 'sites-available' || f === 'sites-enabled')) return 'nginx';
  if (folders.at(-1) === 'nginx' && /^[a-z][a-z0-9_-]*$/.test(/[^/\\]*$/.exec(filePath)![0])) return 'nginx';
  return undefined;
}

/**
 * Jekyll's `{% highlight ruby %}…{% endhighlight %}` (https://jekyllrb.com/docs/liquid/tags/#code-snippet-highlighting):
 * its body is code in the language named, shown as code (brew.sh's home page shows a cask whose
 * `url "…/releases/#{version}/…"` is Ruby's), not the page's text, as a Markdown code block is not.
 */
const HIGHLIGHT_START = /^-?\s*highlight\s/;
const HIGHLIGHT_END = /\{%-?\s*endhighlight\s*-?%\}/g;

/** The first characters of every opener, to skip quickly over text that holds none. */
const OPENER_STARTS = new Set(['{', '$', '<', '%', '@', '_']);

/**
 * A build-time constant written as `__NAME__` in capitals, which a build step replaces in the
 * source text (naive-ui's documentation build turns `__HTTP__://…` into `http://` or `https://`;
 * the constants of Vite's and webpack's `define` are written so). Not Python's `__init__`: capitals only.
 */
const DUNDER_NAME = /__[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*__/y;

/**
 * Blade's directives that take no arguments (https://laravel.com/docs/blade#blade-directives): a bare
 * `@word` is one of these; any other is a directive only with its arguments (`@if(…)`, `@include('x')`),
 * so `https://example.social/@user` keeps its path.
 */
const BLADE_BARE = new Set([
  'else', 'endif', 'endunless', 'endisset', 'endempty', 'endauth', 'endguest', 'production', 'endproduction', 'endenv',
  'endswitch', 'break', 'continue', 'default', 'endfor', 'endforeach', 'empty', 'endforelse', 'endwhile', 'endphp', 'once',
  'endonce', 'endpush', 'endprepend', 'endsection', 'show', 'stop', 'overwrite', 'append', 'parent', 'endcomponent',
  'endslot', 'csrf', 'enderror', 'endcan', 'endcannot', 'endcanany', 'verbatim', 'endverbatim', 'endfragment', 'endsession',
  'endPushOnce', 'endPushIf', 'endprependOnce', 'endcontext', 'auth', 'guest', 'livewireStyles', 'livewireScripts',
  'viteReactRefresh', 'endcomponentClass', 'endpushOnce',
]);
/** `@word` where Blade reads a directive: after no word character, and not `@@word` (Blade's escape). */
const BLADE_DIRECTIVE = /@([A-Za-z_]\w*(?:::\w+)?)/y;
/** Blade's directives whose output stands in the text (an expression's hole); every other one chooses or runs code (a control tag's). */
const BLADE_OUTPUTS = new Set(['json', 'js', 'vite', 'lang', 'choice', 'class', 'style', 'checked', 'selected', 'disabled', 'readonly', 'required', 'method', 'yield', 'stack', 'include', 'each', 'livewire', 'dump']);

/**
 * A Blade tag at `i` (only in a `.blade.php` view): `{!! … !!}` (unescaped output), `@php … @endphp`
 * (a block of PHP), and a directive, `@if($x)`, `@endif`, `@include('a')`, its arguments' parentheses
 * balanced; its end, or -1.
 */
function bladeTagAt(text: string, i: number): TemplateTag | undefined {
  if (text.startsWith('{!!', i)) {
    const close = text.indexOf('!!}', i + 3);
    return close === -1 ? undefined : { start: i, end: close + 3, control: false };
  }
  if (text[i] !== '@' || (i > 0 && /[\w@]/.test(text[i - 1]!))) return undefined;
  BLADE_DIRECTIVE.lastIndex = i;
  const name = BLADE_DIRECTIVE.exec(text)?.[1];
  if (name === undefined) return undefined;
  let end = i + 1 + name.length;
  if (name === 'php' && text[end] !== '(') {
    const close = text.indexOf('@endphp', end);
    return close === -1 ? undefined : { start: i, end: close + '@endphp'.length, control: true };
  }
  let open = end;
  while (text[open] === ' ' || text[open] === '\t') open++;
  if (text[open] === '(') {
    const close = balancedClose(text, open + 1, ')');
    if (close === -1) return undefined;
    end = close + 1;
  } else if (!BLADE_BARE.has(name)) return undefined;
  return { start: i, end, control: !BLADE_OUTPUTS.has(name) };
}

/**
 * The template tags of `text` in the given syntaxes, in order, not overlapping. A tag that is not
 * closed is not a tag. Linear: once a closer is missing from some point on, it is missing from every
 * later point too, and that opener is not looked for again.
 */
export function findTemplateTags(text: string, syntaxes: ReadonlySet<TemplateSyntax>, program?: ServerProgram, blade = false): TemplateTag[] {
  const tags: TemplateTag[] = [];
  if (syntaxes.size === 0 && !blade) return tags;
  const delimiters = DELIMITERS.filter((delimiter) => syntaxes.has(delimiter.syntax));
  const shell = syntaxes.has('shell');
  const percent = syntaxes.has('percent');
  const server = syntaxes.has('server');
  const sticky = (pattern: RegExp, at: number): number => {
    pattern.lastIndex = at;
    const match = pattern.exec(text);
    return match === null ? -1 : at + match[0].length;
  };
  /** The position from which each closer no longer occurs. */
  const closerGone = new Map<string, number>();
  let ownCloserFailed = false;
  /** Once no `{% endhighlight %}` follows a point, none follows any later one. */
  let highlightEndGone = false;
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (!OPENER_STARTS.has(ch)) {
      i++;
      continue;
    }
    let tag: TemplateTag | undefined = blade ? bladeTagAt(text, i) : undefined;
    for (const delimiter of tag === undefined ? delimiters : []) {
      if (!text.startsWith(delimiter.open, i)) continue;
      const bodyStart = i + delimiter.open.length;
      const gone = closerGone.get(delimiter.close);
      let first = gone !== undefined && bodyStart >= gone ? -1 : text.indexOf(delimiter.close, bodyStart);
      // The body's own reading of where it closes; once it runs to the end of the text unclosed, the first closer is taken, so the scan stays linear.
      if (first !== -1 && delimiter.closer !== undefined && !ownCloserFailed) {
        const own = delimiter.closer(text, bodyStart);
        // PHP code whose only `?>` are in its strings runs to the end of the file.
        if (own === -1 && delimiter.toEnd === true) first = -1;
        else if (own === -1) ownCloserFailed = true;
        else first = own;
      }
      if (first === -1) {
        if (gone === undefined) closerGone.set(delimiter.close, bodyStart);
        if (!delimiter.toEnd) continue;
        tag = { start: i, end: text.length, control: delimiter.kind(text.slice(bodyStart)) };
        break;
      }
      const nested = delimiter.nests ? balancedClose(text, bodyStart, delimiter.close) : -1;
      const close = nested === -1 ? first : nested;
      tag = { start: i, end: close + delimiter.close.length, control: delimiter.kind(text.slice(bodyStart, close)) };
      // Jekyll's highlight block is code shown as code, as a Markdown code block is: one control tag with its body.
      if (delimiter.open === '{%' && !highlightEndGone && HIGHLIGHT_START.test(text.slice(bodyStart, close))) {
        HIGHLIGHT_END.lastIndex = tag.end;
        const end = HIGHLIGHT_END.exec(text);
        if (end === null) highlightEndGone = true;
        else tag = { start: i, end: end.index + end[0].length, control: true };
      }
      break;
    }
    if (tag === undefined && shell && ch === '{' && text[i + 1] === '$') {
      BRACED_VARIABLE.lastIndex = i;
      const match = BRACED_VARIABLE.exec(text);
      if (match !== null) tag = { start: i, end: i + match[0].length, control: false };
    }
    if (tag === undefined && shell && ch === '$') {
      SHELL_VARIABLE.lastIndex = i;
      const match = SHELL_VARIABLE.exec(text);
      if (match !== null) tag = { start: i, end: i + match[0].length, control: false };
    }
    if (tag === undefined && server) {
      let end = -1;
      if (ch === '$' && i > 0 && NGINX_BEFORE.test(text[i - 1]!)) end = sticky(program === 'nginx' ? NGINX_FILE_VARIABLE : NGINX_VARIABLE, i);
      else if (ch === '%' && (program === 'apache' || program === 'haproxy')) end = sticky(PERCENT_BRACE, i);
      else if (ch === '{' && program === 'caddy') end = sticky(CADDY_PLACEHOLDER, i);
      if (end === -1 && ch === '%' && program === 'systemd') end = sticky(SYSTEMD_SPECIFIER, i);
      if (end !== -1) tag = { start: i, end, control: false };
    }
    if (tag === undefined && percent && ch === '%') {
      let end = sticky(PERCENT_NAME, i);
      if (end === -1 && program === 'hugo') end = sticky(GO_VERB, i);
      if (end !== -1) tag = { start: i, end, control: false };
    }
    if (tag === undefined && percent && ch === '_' && text[i + 1] === '_' && (i === 0 || !/\w/.test(text[i - 1]!))) {
      const end = sticky(DUNDER_NAME, i);
      if (end !== -1 && !/\w/.test(text[end] ?? '')) tag = { start: i, end, control: false };
    }
    if (tag === undefined) {
      i++;
      continue;
    }
    tags.push(tag);
    i = tag.end;
  }
  return tags;
}

const LINE_BREAK = /[\r\n]/;

/**
 * `text` with every template tag masked: each character of a tag becomes its sentinel, line breaks
 * stay. Offsets and lines are unchanged. `tags` lists what was masked. In YAML, a tag alone on its
 * line (`{{- if .Values.ingress.enabled }}`) becomes a comment, so the mapping around it still parses.
 */
export function maskTemplates(text: string, syntaxes: ReadonlySet<TemplateSyntax>, options: { yaml?: boolean; program?: ServerProgram; blade?: boolean } = {}): { text: string; tags: TemplateTag[] } {
  const tags = findTemplateTags(text, syntaxes, options.program, options.blade);
  if (tags.length === 0) return { text, tags };
  const pieces: string[] = [];
  let at = 0;
  for (const tag of tags) {
    pieces.push(text.slice(at, tag.start));
    const body = text.slice(tag.start, tag.end);
    const sentinel = tag.control ? CONTROL_SENTINEL : EXPRESSION_SENTINEL;
    let masked = body.replace(/[^\r\n]/g, sentinel);
    if (options.yaml && aloneOnItsLine(text, tag)) masked = '#' + masked.slice(1);
    pieces.push(masked);
    at = tag.end;
  }
  pieces.push(text.slice(at));
  return { text: pieces.join(''), tags };
}

/** Whether only spaces and tabs stand between the tag and the line breaks around it. */
function aloneOnItsLine(text: string, tag: TemplateTag): boolean {
  for (let k = tag.start - 1; k >= 0 && !LINE_BREAK.test(text[k]!); k--) if (text[k] !== ' ' && text[k] !== '\t') return false;
  for (let k = tag.end; k < text.length && !LINE_BREAK.test(text[k]!); k++) if (text[k] !== ' ' && text[k] !== '\t') return false;
  return true;
}

/** Whether the text holds a sentinel (a masked tag): the quick test before looking for holes. */
export function hasSentinel(text: string): boolean {
  return text.includes(EXPRESSION_SENTINEL) || text.includes(CONTROL_SENTINEL);
}

/**
 * The masked tags of `text` that overlap `[start, end)`, as `sentinelHoles(text)` finds them: only
 * the window from the runs of sentinels (and line breaks) touching the range is read, so a long line
 * with many URIs is not read once per URI.
 */
export function sentinelHolesIn(text: string, start: number, end: number): TemplateTag[] {
  const inRun = (c: string): boolean => c === EXPRESSION_SENTINEL || c === CONTROL_SENTINEL || c === '\r' || c === '\n';
  let from = start;
  while (from > 0 && inRun(text[from - 1]!)) from--;
  let to = end;
  while (to < text.length && inRun(text[to]!)) to++;
  const holes = sentinelHoles(from === 0 && to === text.length ? text : text.slice(from, to));
  for (const hole of holes) {
    hole.start += from;
    hole.end += from;
  }
  return holes.filter((hole) => hole.end > start && hole.start < end);
}

/**
 * The masked tags in a value read from masked text: each run of one kind of sentinel (line breaks
 * inside a tag included) is one hole. Two tags of a kind side by side make one hole.
 */
export function sentinelHoles(value: string): TemplateTag[] {
  const holes: TemplateTag[] = [];
  if (!hasSentinel(value)) return holes;
  let i = 0;
  while (i < value.length) {
    const ch = value[i]!;
    if (ch !== EXPRESSION_SENTINEL && ch !== CONTROL_SENTINEL) {
      i++;
      continue;
    }
    // One tag's sentinels, across the line breaks inside it; a tag of the other kind starts a new hole.
    const start = i;
    let end = i;
    while (i < value.length) {
      const c = value[i]!;
      if (c === ch) {
        i++;
        end = i;
      } else if (c === '\r' || c === '\n') {
        i++;
      } else break;
    }
    holes.push({ start, end, control: ch === CONTROL_SENTINEL });
    i = end;
  }
  return holes;
}
