/**
 * `urilint scan`: its options and help. The command itself is loaded only when
 * it runs, so the other commands never load the readers of every language.
 */
import { availableParallelism } from 'node:os';
import { COMMON_OPTIONS, flag, parseCommandArgs, type OptionSpecs } from './args.js';
import { write, type Io } from './io.js';

export const SCAN_OPTIONS = {
  format: { type: 'string' },
  fix: { type: 'boolean' },
  preset: { type: 'string' },
  rule: { type: 'string' },
  jobs: { type: 'string', short: 'j' },
  'max-file-size': { type: 'string' },
  'no-gitignore': { type: 'boolean' },
  minified: { type: 'boolean' },
  ignore: { type: 'string' },
  'follow-symlinks': { type: 'boolean' },
  templates: { type: 'string' },
  'max-warnings': { type: 'string' },
  'suppress-all': { type: 'boolean' },
  'prune-suppressions': { type: 'boolean' },
  'suppressions-location': { type: 'string' },
  shard: { type: 'string' },
  config: { type: 'string' },
  'no-config': { type: 'boolean' },
  'no-templates': { type: 'boolean' },
  quiet: { type: 'boolean', short: 'q' },
  'no-inline-config': { type: 'boolean' },
  'no-progress': { type: 'boolean' },
  stats: { type: 'boolean' },
  online: { type: 'boolean' },
  offline: { type: 'boolean' },
  color: COMMON_OPTIONS.color,
  'no-color': COMMON_OPTIONS['no-color'],
  help: COMMON_OPTIONS.help,
} as const satisfies OptionSpecs;

export const SCAN_HELP = `Usage: urilint scan [options] [PATH...]

Finds the URIs in files and checks them with the rules of the ESLint plugin and
the language server. PATH is a file or a directory (default: the current
directory); directories are walked recursively. Every argument after -- is a
PATH, even one that starts with - (a hook passing file names: scan -- FILE...).

Files read in a directory (the language server's documents):
  code       .js .cjs .mjs .jsx .ts .cts .mts .tsx   string literals, templates, JSX, comments
  JSON       .json .jsonc .json5                     string values
  Markdown   .md .markdown .mdx                      links, images, autolinks, prose
  HTML       .html .htm .xhtml                       URL attributes, prose; in an
             Angular project (an angular.json above it, or a component's
             templateUrl naming it) an Angular template
  components .vue .svelte .astro                     markup, bound attributes,
             scripts and styles (and *.component.html: Angular)
  CSS        .css                                    url(), @import
  YAML       .yaml .yml                              scalars
  Python     .py .pyi .pyw, and a script whose #! line names python (a PATH, or
             an executable file without an extension in a directory): strings
             (escapes, raw, bytes, f-strings, .format and % placeholders as
             holes), docstrings, comments
  Go         .go                                     strings (interpreted and raw,
             fmt verbs as holes), comments
  Rust       .rs                                     strings (escapes, raw, byte;
             format!/println!/write! placeholders as holes, concat!), comments
  Java       .java                                   strings and text blocks (escapes;
             String.format, MessageFormat, logger and URI template placeholders and
             + operands as holes), comments
  Kotlin     .kt .kts                                strings as Kotlin writes them
             (escapes, raw """…"""; $name and \${…} templates, String.format
             and .format conversions as holes), comments and KDoc
  C#         .cs .csx                                strings as C# writes them
             (escapes, verbatim @"…", raw """…"""; $"{…}" holes, {{ }} as
             braces, string.Format and logger placeholders as holes), comments
  Ruby       .rb .rake .gemspec, Gemfile, Rakefile, and a script whose #! line
             names ruby (a PATH, or an executable file without an extension
             in a directory): strings as Ruby quotes them (escapes,
             %q/%Q, heredocs; #{…} and format/sprintf/% conversions as holes),
             comments and =begin/=end blocks
  PHP        .php .phtml, and a script whose #! line names php (a PATH, or an
             executable file without an extension in a directory): the code's
             strings as PHP quotes them (escapes, heredocs, nowdocs; $x,
             {$x}, \${x} and sprintf conversions as holes), comments; the HTML
             around <?php … ?> as HTML
  shell      .sh .bash, and a script whose #! line names sh, bash, dash, ksh or
             ash (a PATH, or an executable file without an extension in a
             directory): words and strings as the shell quotes them
             ($VAR, \${VAR}, $(…) as holes), here-documents, comments
  env        .env .env.* *.env                       KEY=value values, comments
  TOML       .toml, Pipfile                          strings (escapes, literal,
             multi-line), comments
  INI        .ini .cfg (not haproxy.cfg), .gitmodules, .gitconfig: values
             (%(name)s and \${…} as holes), comments
  properties .properties                             values (escapes, \\uXXXX,
             continued lines), comments
  Dockerfile Dockerfile Dockerfile.* *.dockerfile Containerfile: arguments as
             shell words or exec-form JSON strings ($VAR, \${VAR} as holes),
             comments
  Makefile   Makefile Makefile.* GNUmakefile *.mk *.mak: variable values, recipe
             lines as shell words ($(VAR), \${VAR}, $@ as holes), comments
  text       .txt .text .rst .adoc .asciidoc .org .textile .rdoc, and README,
             LICENSE, CHANGELOG, NOTICE and the like without an extension: prose
  templates  .njk .liquid .hbs .handlebars .mustache .jinja .jinja2 .j2 .erb .ejs
             .tmpl .gotmpl .gohtml .tpl .twig: as HTML, or as the format of an
             inner extension (page.md.njk is Markdown, values.yaml.tmpl YAML)
Template tags are holes in every file: nothing inside {{ … }}, {{{ … }}},
{% … %}, {# … #}, <% … %>, <?php … ?>, \${{ … }} or \${VAR} is reported or
fixed, and what lies around a tag is still checked.
A file named as a PATH is always read (as text when its kind is unknown),
whatever .gitignore and --ignore say. A file that does not parse is still read:
its literals or text are searched without a tree.

Skipped: binary files (a NUL byte in the first 8 KiB), files larger than
--max-file-size, .git directories, what --ignore matches, and what .gitignore
files leave out: each .gitignore from the git repository's root down to the
nested ones, read as git reads them (outside a repository, those from the
current directory down). Symbolic links found in a directory are not followed
(file or directory): a tree cannot make the scan read, or --fix write, outside
it; --follow-symlinks follows those whose targets stay inside the named paths.
A path named on the command line is read even if it is a link. --fix writes only
regular files that were not reached through a link. A file reached twice is read
once. Output is sorted by path, whatever the number of jobs.

Configuration: each file's settings come from the nearest urilint.config.jsonc,
urilint.config.json or "urilint" key of package.json, searched from the file's
folder up to the repository's root (the folder holding .git); two in one folder
are an error. Its preset, rules, ignore, templates, sinks, linkComponents,
comments and kinds apply, then each entry of its overrides whose files match.
The flags beat the file: --preset replaces its preset (its rules still adjust
it), --rule comes after its rules, --ignore adds to its ignore, --templates and
--no-templates replace its templates. A configuration with a problem stops the
scan (exit 2), each problem printed as 'file:line:column: key: message
(expected …)'. 'urilint init' writes one.

Options:
      --config PATH        Read this configuration for every file (no search).
      --no-config          Read no configuration file: the defaults and the flags.
      --format FORMAT      text (default): 'file:line:col code message', the source
                           line and carets under the exact characters, a summary;
                           json: one JSON array of { file, line, column, endLine,
                           endColumn, code, rule, severity, message };
                           sarif: SARIF 2.1.0 for code-scanning upload;
                           github: GitHub Actions workflow commands (::error
                           file=…,line=…::message), shown on the pull request;
                           gitlab: a GitLab Code Quality report (JSON).
                           Lines and columns start at 1; a column counts UTF-16
                           code units (an emoji before a URI counts 2), so it is
                           the UTF-16 offset in the line + 1; endColumn is one
                           past the last character.
      --fix                Apply the safe fixes (those that touch only the URI's
                           own characters, no template tag and no line break, and
                           keep what a browser reads), write the files, and report
                           what is left. A file that changed during the scan is not
                           written.
      --preset NAME        The rules on, as errors: recommended (default), strict,
                           all, or none; over the configuration's preset.
      --rule NAME[=LEVEL]  Set one rule: error (the default), warn, or off;
                           repeatable (--rule no-insecure-scheme=warn).
  -j, --jobs N             Files checked at once, on N worker threads; 1 checks
                           them in the main thread (in one worker over 16 MiB).
                           Default: workers where they are estimated to pay off
                           (by the bytes of each kind), at most the cores other
                           work leaves idle as the scan starts
                           (${availableParallelism()} cores here); else 1.
                           Files over 1 MiB are checked last, one at a time.
      --max-file-size SIZE Skip larger files: bytes, or with a K, M or G suffix
                           (1024-based); default 10M, at most 500M (a file's
                           text is one string, and Node holds none much longer).
      --no-gitignore       Read what .gitignore leaves out too (.git stays out).
      --minified           Read minified JavaScript and CSS found while walking
                           too (an average line over 110 characters; a file
                           named on the command line is always read).
      --follow-symlinks    Follow the symbolic links in the walked directories whose
                           targets lie inside the named paths (never outside).
      --ignore PATTERN     Leave out what PATTERN matches too: .gitignore syntax,
                           relative to the current directory; repeatable
                           (--ignore 'test/fixtures/' --ignore '*.min.js').
      --templates LIST     The template syntaxes read as holes, comma-separated:
                           mustache, jinja, erb, php, actions, shell (default: all).
      --no-templates       Read template syntax as text (a project that writes {{
                           in its URIs).
      --max-warnings N     Exit 1 when there are more than N warnings.
      --suppress-all       Record every finding of this scan, counted per file and
                           code, in urilint-suppressions.json: later scans report
                           only findings beyond those counts (a baseline).
      --prune-suppressions Lower the recorded counts to what this scan finds.
      --suppressions-location PATH
                           The suppressions file (default urilint-suppressions.json
                           in the current directory).
      --shard I/N          Check only shard I of N (1 ≤ I ≤ N): a split of the files
                           by their paths, the same on every machine, so a CI matrix
                           of N jobs reports together what one run reports.
  -q, --quiet              Report errors only, not warnings; no progress line.
      --no-inline-config   Ignore ESLint's disable comments (eslint-disable-line,
                           eslint-disable-next-line, eslint-disable … eslint-enable)
                           in JavaScript and TypeScript, as ESLint's own flag does.
      --no-progress        No progress line (drawn on standard error only when it
                           is a terminal).
      --stats              Print counts and the time taken to standard error.
      --online             Check external http(s) links of Markdown and HTML files on
                           the network (no-broken-links): 404, 410 and hosts that do
                           not exist are errors; permanent redirects (fixed by --fix
                           to their target) and links that cannot be told now (429,
                           5xx, timeouts, TLS errors, 403) are warnings. Each page is
                           asked once, at most 2 at a time per host (configurable
                           in onlineLinks), and the verdicts are kept in a cache
                           (node_modules/.cache/urilint/links-cache.json). Reserved,
                           loopback and private hosts are never contacted unless
                           onlineLinks.allowHosts names them. A GITHUB_TOKEN in the
                           environment is sent to github.com (never shown).
      --offline            Report the verdicts of the cache alone; no request.
      --color              Colour the output even when it is not a terminal.
      --no-color           Never colour the output (so does a non-empty NO_COLOR variable).
  -h, --help               Show this help.

With --format json or sarif the summary goes to standard error.

Without --online, scan opens no network connection.

Exit status: 0 when no error is found (warnings allowed), 1 when one is, 2 on a
usage error, a configuration with a problem or a path that cannot be read, 3 on
an internal error.
`;

/** `urilint scan [PATH...]`: returns the exit code. */
export async function scan(args: readonly string[], io: Io): Promise<number> {
  const parsed = parseCommandArgs('scan', args, SCAN_OPTIONS);
  if (flag(parsed, 'help')) {
    await write(io.stdout, SCAN_HELP);
    return 0;
  }
  const { scanCommand } = await import('./scan/command.js');
  return scanCommand(parsed, io);
}
