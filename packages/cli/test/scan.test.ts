import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { RULE_NAMES } from '@urilint/discovery';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../src/main.js';
import { Batches } from '../src/scan/pool.js';
import { RULE_DESCRIPTIONS } from '../src/scan/rules.js';

const BIN = fileURLToPath(new URL('../dist/bin.js', import.meta.url));
const WORKER = fileURLToPath(new URL('../dist/scan/worker.js', import.meta.url));

/** A writable stream that keeps what is written to it. */
class Sink extends Writable {
  text = '';

  override _write(chunk: Buffer | string, _encoding: BufferEncoding, callback: () => void): void {
    this.text += chunk.toString();
    callback();
  }
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the built `urilint scan` in `cwd` (no colours; standard error is a pipe, so no progress line). */
function spawnScan(cwd: string, args: readonly string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, 'scan', ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
      resolve({ code, stdout, stderr });
    });
  });
}

const runs = new Map<string, Promise<Run>>();

/** `spawnScan`, once for each directory and arguments: tests that read the same run share it. */
function scan(cwd: string, args: readonly string[]): Promise<Run> {
  const key = JSON.stringify([cwd, args]);
  if (!runs.has(key)) runs.set(key, spawnScan(cwd, args));
  return runs.get(key)!;
}

interface JsonProblem {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  code: string;
  rule: string;
  severity: string;
  message: string;
}

function write(root: string, path: string, content: string | Buffer): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), content);
}

const temp = mkdtempSync(join(tmpdir(), 'urilint-scan-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/**
 * The tree most tests scan, with `--max-file-size 2K` so that big.txt is too
 * large, and in the main thread (each worker loads every reader: the one test
 * of workers asks for them).
 */
const tree = join(temp, 'tree');
const BASE = ['--max-file-size', '2K', '--jobs', '1'];
const JSON_RUN = [...BASE, '--format', 'json', '--stats'];
const EMOJI_LINE = '😀 Visit <https://example.com/a b> or http://0x7f.1/ today.';
/** UTF-16 offsets in the line: the emoji is two code units (and two columns on screen). */
const SPACE_AT = EMOJI_LINE.indexOf(' b>');
const IP_AT = EMOJI_LINE.indexOf('0x7f.1');

beforeAll(() => {
  for (const file of [BIN, WORKER]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`pnpm build\` first (the tests build nothing).`);
  }
  write(tree, '.gitignore', 'build/\nsecret.txt\n');
  write(tree, 'build/out.txt', 'http://0x7f.1/build\n');
  write(tree, 'secret.txt', 'http://0x7f.1/secret\n');
  write(tree, 'docs/.gitignore', 'draft.md\n');
  write(tree, 'docs/draft.md', '[draft](http://0x7f.1/draft)\n');
  write(tree, 'docs/guide.md', '# Guide\n\nSee [the page](http://0x7f.1/a%zz).\n');
  write(tree, 'emoji.txt', `Intro line.\n${EMOJI_LINE}\n`);
  write(tree, 'app.ts', 'const s = "😀";\nfetch("http://0x7f.1/a%zz");\n');
  write(tree, 'broken.ts', 'const x = "http://0x7f.1/broken" +;\n');
  write(tree, 'data.json', '{ "url": "http://0x7f.1/data" }\n');
  write(tree, 'image.txt', Buffer.concat([Buffer.from('GIF89a\0\0'), Buffer.from('http://0x7f.1/binary\n')]));
  write(tree, 'big.txt', `${'filler text '.repeat(250)}\nhttp://0x7f.1/big\n`);
  write(tree, 'notes.xyz', 'http://0x7f.1/unknown-extension\n');
  write(tree, 'space dir/ü.txt', 'http://0x7f.1/encoded\n');
  write(tree, 'tab.txt', 'a\tb\tc \t http://0x7f.1/\n');
  for (let i = 0; i < 24; i++) write(tree, `many/file${String(i).padStart(2, '0')}.txt`, `${'\n'.repeat(i)}link: http://0x7f.1/${i}%zz\n`);
  symlinkSync('..', join(tree, 'docs/loop'));
  symlinkSync('emoji.txt', join(tree, 'link.txt'));
});

/** The text of `[column, endColumn)` on `line` of a file, read as the columns say: UTF-16 code units from 1. */
function spanText(root: string, problem: JsonProblem): string {
  const line = readFileSync(join(root, problem.file), 'utf8').split(/\r\n|\r|\n/)[problem.line - 1]!;
  return line.slice(problem.column - 1, problem.endColumn - 1);
}

/** `main` in this process, from the sources: quicker than a process for what needs no worker. */
async function run(args: string[]): Promise<Run> {
  const stdout = new Sink();
  const stderr = new Sink();
  const code = await main(args, { stdout, stderr, stdin: Readable.from([]), env: {} });
  return { code, stdout: stdout.text, stderr: stderr.text };
}

describe.concurrent('urilint scan', () => {
  it('prints file:line:col code message, the source line and carets under the exact characters', async ({ expect }) => {
    const result = await scan(tree, [...BASE, '--stats']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^files scanned: /);
    const lines = result.stdout.split('\n');
    const header = lines.findIndex((line) => line.startsWith(`emoji.txt:2:${SPACE_AT + 1} path-unescaped-char `));
    expect(header).toBeGreaterThanOrEqual(0);
    expect(lines[header + 1]).toBe(`  2 | ${EMOJI_LINE}`);
    // The emoji takes two columns on screen as it takes two code units: the caret is under the space.
    expect(lines[header + 2]).toBe(`    | ${' '.repeat(SPACE_AT)}^ error no-unescaped-chars (fixable)`);
    const ip = lines.findIndex((line) => line.startsWith(`emoji.txt:2:${IP_AT + 1} host-ipv4-rare-form `));
    expect(lines[ip + 2]).toBe(`    | ${' '.repeat(IP_AT)}^^^^^^ error no-non-canonical-ip (fixable)`);
    // A tab is shown as one visible placeholder, and the carets stay under the characters.
    const tab = lines.findIndex((line) => line.startsWith('tab.txt:1:16 host-ipv4-rare-form '));
    expect(lines.slice(tab + 1, tab + 3)).toEqual(['  1 | a␉b␉c ␉ http://0x7f.1/', `    | ${' '.repeat(15)}^^^^^^ error no-non-canonical-ip (fixable)`]);
    expect(lines.at(-2)).toMatch(/^\d+ files scanned, \d+ URIs, \d+ problems \(\d+ errors, 0 warnings\) in \d+ files, \d+ problems fixable with --fix; 2 files skipped \(1 binary, 1 larger than 2 KiB\)$/);
  });

  it('prints one JSON array whose 1-based columns count UTF-16 code units', async ({ expect }) => {
    const result = await scan(tree, JSON_RUN);
    expect(result.code).toBe(1);
    const problems = JSON.parse(result.stdout) as JsonProblem[];
    expect(Object.keys(problems[0]!)).toEqual(['file', 'line', 'column', 'endLine', 'endColumn', 'code', 'rule', 'severity', 'message']);
    const ip = problems.find((p) => p.file === 'emoji.txt' && p.code === 'host-ipv4-rare-form')!;
    expect(ip).toMatchObject({ line: 2, column: IP_AT + 1, endLine: 2, endColumn: IP_AT + 7, rule: 'no-non-canonical-ip', severity: 'error' });
    // Every span, read back from the file by its line and columns, is the text the problem is about.
    for (const problem of problems) {
      const span = spanText(tree, problem);
      if (problem.code === 'host-ipv4-rare-form') expect(span).toBe('0x7f.1');
      else if (problem.code === 'pct-invalid-triplet') expect(span).toBe('%zz');
      else if (problem.code === 'path-unescaped-char') expect(span).toBe(' ');
      else throw new Error(`unexpected ${problem.code} in ${problem.file}`);
    }
    const app = problems.filter((p) => p.file === 'app.ts');
    expect(app.map((p) => [p.line, p.column, p.code])).toEqual([
      [2, 15, 'host-ipv4-rare-form'],
      [2, 23, 'pct-invalid-triplet'],
    ]);
    // Sorted by path: a directory's files together, in order.
    const files = [...new Set(problems.map((p) => p.file))];
    expect(files.slice(0, 6)).toEqual(['app.ts', 'broken.ts', 'data.json', 'docs/guide.md', 'emoji.txt', 'many/file00.txt']);
    expect(files.slice(-2)).toEqual(['space dir/ü.txt', 'tab.txt']);
    expect(result.stderr).toMatch(/ problems \(\d+ errors, 0 warnings\) in \d+ files/);
  });

  it('honours ESLint disable comments in JavaScript and TypeScript, as ESLint does', async ({ expect }) => {
    const root = join(temp, 'disabled');
    const line = 'fetch("https://example.com/a b");';
    write(root, 'app.ts', `${line}\n// eslint-disable-next-line urilint/no-unescaped-chars\n${line}\n${line} // eslint-disable-line\n`);
    const run = await scan(root, ['--jobs', '1', '--format', 'json']);
    const problems = JSON.parse(run.stdout) as JsonProblem[];
    // Only the first line's problem is left: the next-line and same-line comments turn off the others.
    expect(problems.map((problem) => [problem.line, problem.column, problem.rule])).toEqual([[1, line.indexOf(' ') + 1, 'no-unescaped-chars']]);
    // --no-inline-config turns the comments off, as ESLint's flag does: every line is reported.
    const all = JSON.parse((await scan(root, ['--jobs', '1', '--format', 'json', '--no-inline-config'])).stdout) as JsonProblem[];
    expect(all.map((problem) => problem.line)).toEqual([1, 3, 4]);
  });

  it('respects .gitignore files, root and nested, and --ignore; --no-gitignore reads what .gitignore leaves out', async ({ expect }) => {
    const [ignoring, all] = await Promise.all([scan(tree, JSON_RUN), scan(tree, [...JSON_RUN, '--no-gitignore', '--ignore', 'many/file1*.txt', '--ignore', '!many/file15.txt'])]);
    const files = (run: Run): string[] => [...new Set((JSON.parse(run.stdout) as JsonProblem[]).map((p) => p.file))];
    expect(files(ignoring)).not.toContain('build/out.txt');
    expect(files(ignoring)).not.toContain('secret.txt');
    expect(files(ignoring)).not.toContain('docs/draft.md');
    expect(files(ignoring)).toContain('docs/guide.md');
    expect(files(all)).toEqual(expect.arrayContaining(['build/out.txt', 'secret.txt', 'docs/draft.md', 'docs/guide.md']));
    // --ignore applies without .gitignore too: file10 to file19 are left out, but for file15.
    expect(files(all).filter((file) => file.startsWith('many/file1'))).toEqual(['many/file15.txt']);
    expect(files(all).length).toBe(files(ignoring).length + 3 - 9);
  });

  it('skips binary and oversized files, reads a file that does not parse, and follows links without looping', async ({ expect }) => {
    const result = await scan(tree, JSON_RUN);
    const problems = JSON.parse(result.stdout) as JsonProblem[];
    const files = new Set(problems.map((p) => p.file));
    expect(files.has('image.txt')).toBe(false);
    expect(files.has('big.txt')).toBe(false);
    expect(files.has('notes.xyz')).toBe(false);
    expect(problems.filter((p) => p.file === 'broken.ts').map((p) => [p.line, p.column, p.code])).toEqual([[1, 19, 'host-ipv4-rare-form']]);
    // link.txt is emoji.txt again, docs/loop is the tree again: each file once.
    expect(files.has('link.txt')).toBe(false);
    expect([...files].some((file) => file.includes('loop'))).toBe(false);
    expect(result.stderr).toContain('files skipped binary: 1\n');
    expect(result.stderr).toContain('files skipped too large: 1\n');
    expect(result.stderr).toContain('files read without a full parse: 1\n');
    const scanned = Number(/^files scanned: (\d+)$/m.exec(result.stderr)?.[1]);
    // app, broken, data, guide, emoji, 24 in many/, ü.txt, tab.
    expect(scanned).toBe(31);
  });

  it('gives the same output with --jobs 1 and --jobs 2, the second on two workers', async ({ expect }) => {
    const [one, two] = await Promise.all([scan(tree, [...BASE, '--stats']), scan(tree, ['--max-file-size', '2K', '--jobs', '2', '--stats'])]);
    expect(one.stdout.length).toBeGreaterThan(1000);
    expect(two.stdout).toBe(one.stdout);
    expect(one.stderr).toMatch(/^workers: 0$/m);
    expect(two.stderr).toMatch(/^workers: 2$/m);
    const counts = (run: Run): string => run.stderr.replace(/^seconds: .*$/m, '').replace(/^workers: .*$/m, '');
    expect(counts(two)).toBe(counts(one));
  });

  it('prints SARIF 2.1.0 with the rules, relative encoded locations and UTF-16 columns', async ({ expect }) => {
    const result = await scan(tree, [...BASE, '--format', 'sarif']);
    expect(result.code).toBe(1);
    const log = JSON.parse(result.stdout);
    expect(log.version).toBe('2.1.0');
    expect(log.$schema).toMatch(/sarif.*2\.1\.0.*\.json$/);
    expect(log.runs).toHaveLength(1);
    const run = log.runs[0];
    expect(run.columnKind).toBe('utf16CodeUnits');
    expect(run.tool.driver).toMatchObject({ name: 'urilint', informationUri: 'https://github.com/urilint/urilint' });
    const rules = run.tool.driver.rules as { id: string; helpUri: string; shortDescription: { text: string } }[];
    expect(rules.map((rule) => rule.id)).toContain('no-non-canonical-ip');
    for (const rule of rules) {
      expect(rule.helpUri).toBe(`https://github.com/urilint/urilint/blob/main/packages/eslint-plugin/docs/rules/${rule.id}.md`);
      expect(rule.shortDescription.text.length).toBeGreaterThan(10);
    }
    const results = run.results as { ruleId: string; ruleIndex: number; level: string; message: { text: string }; locations: { physicalLocation: { artifactLocation: { uri: string }; region: Record<string, number> } }[] }[];
    expect(results.length).toBe(JSON.parse((await scan(tree, JSON_RUN)).stdout).length);
    for (const r of results) expect(rules[r.ruleIndex]!.id).toBe(r.ruleId);
    const encoded = results.find((r) => r.locations[0]!.physicalLocation.artifactLocation.uri.startsWith('space'))!;
    expect(encoded.locations[0]!.physicalLocation.artifactLocation.uri).toBe('space%20dir/%C3%BC.txt');
    const emoji = results.find((r) => r.locations[0]!.physicalLocation.artifactLocation.uri === 'emoji.txt' && r.ruleId === 'no-non-canonical-ip')!;
    expect(emoji.level).toBe('error');
    expect(emoji.message.text).toMatch(/\[host-ipv4-rare-form\]$/);
    expect(emoji.locations[0]!.physicalLocation.region).toEqual({ startLine: 2, startColumn: IP_AT + 1, endLine: 2, endColumn: IP_AT + 7 });
  });

  it('always reads files named on the command line, and says why it skips what is named', async ({ expect }) => {
    const result = await scan(tree, ['--jobs', '1', '--format', 'json', '--ignore', 'many', 'notes.xyz', 'build/out.txt', 'image.txt', 'build', 'many', 'many/file03.txt']);
    expect(result.code).toBe(1);
    const files = (JSON.parse(result.stdout) as JsonProblem[]).map((p) => p.file);
    expect(files).toEqual(['build/out.txt', 'many/file03.txt', 'many/file03.txt', 'notes.xyz']);
    expect(result.stderr).toContain("urilint: 'build' is left out by .gitignore; pass --no-gitignore to scan it.\n");
    expect(result.stderr).toContain("urilint: 'many' is left out by --ignore.\n");
    expect(result.stderr).toContain('urilint: image.txt: skipped, a binary file (a NUL byte in its first 8 KiB).\n');
  });


  it("reads the servers' configuration files found while walking, with their variables as holes", async ({ expect }) => {
    const root = join(temp, 'servers');
    // nextcloud/docker's .examples/docker-compose/…/web/nginx.conf, with a problem in a comment and a variable in a URL.
    write(root, 'web/nginx.conf', 'return 301 https://$host$request_uri;\n# docs: https://docs.nextcloud.com/server/latest/admin_manual/%zz\n');
    write(root, 'deploy/nginx/site.conf', 'proxy_pass http://$upstream:3200$request_uri;\n# see https://nginx.org/en/docs/%zz\n');
    write(root, 'Caddyfile', 'reverse_proxy {$BACKEND}\n# see https://caddyserver.com/docs/%zz\n');
    write(root, 'public/.htaccess', 'RewriteRule ^ https://%{HTTP_HOST}%{REQUEST_URI} [R=301]\n# see https://httpd.apache.org/docs/%zz\n');
    write(root, 'app@.service', '[Service]\nExecStart=/usr/bin/curl http://localhost:80%i/health\n# see https://systemd.io/%2G\n');
    // Not a server's: a .conf file elsewhere is not read while walking.
    write(root, 'other.conf', '# see https://example.com/%zz\n');
    const walked = await scan(root, ['--jobs', '1', '--format', 'json', '.']);
    expect((JSON.parse(walked.stdout) as JsonProblem[]).map((p) => [p.file, p.line, p.code])).toEqual([
      ['Caddyfile', 2, 'pct-invalid-triplet'],
      ['app@.service', 3, 'pct-invalid-triplet'],
      ['deploy/nginx/site.conf', 2, 'pct-invalid-triplet'],
      ['public/.htaccess', 2, 'pct-invalid-triplet'],
      ['web/nginx.conf', 2, 'pct-invalid-triplet'],
    ]);
  });

  it("reads a server's example configuration found while walking (koel's nginx.conf.example), its variables as holes", async ({ expect }) => {
    const root = join(temp, 'server-examples');
    // koel/koel's nginx.conf.example, its first line with a problem planted in the survey of issue 29.
    write(root, 'nginx.conf.example', "# See https://nginx.org/en/docs/http/%ngx_http_fastcgi_module.html\nserver {\n  listen          *:80;\n  server_name     koel.dev;\n  root            /var/www/koel/public;\n  index           index.php;\n\n  gzip            on;\n  gzip_types      text/plain text/css application/x-javascript text/xml application/xml application/xml+rss text/javascript application/json;\n  gzip_comp_level  9;\n\n  send_timeout    3600;\n  client_max_body_size  512M;\n\n  location / {\n    try_files   $uri $uri/ /index.php?$args;\n  }\n");
    write(root, 'deploy/haproxy.cfg.sample', 'http-request redirect location https://%[req.hdr(host)]%[capture.req.uri] code 301\n# see https://docs.haproxy.org/%zz\n');
    write(root, 'public/.htaccess.dist', 'RewriteRule ^ https://%{HTTP_HOST}%{REQUEST_URI} [R=301]\n# see https://httpd.apache.org/docs/%zz\n');
    // An example of a file that is no server's is still not read while walking.
    write(root, 'notes.conf.example', '# see https://example.com/%zz\n');
    const walked = await scan(root, ['--jobs', '1', '--format', 'json', '.']);
    expect((JSON.parse(walked.stdout) as JsonProblem[]).map((p) => [p.file, p.line, p.column, p.code])).toEqual([
      ['deploy/haproxy.cfg.sample', 2, 32, 'pct-invalid-triplet'],
      ['nginx.conf.example', 1, 38, 'pct-invalid-triplet'],
      ['public/.htaccess.dist', 2, 37, 'pct-invalid-triplet'],
    ]);
  });

  it("reads nginx's site files found while walking: one with no extension in an nginx folder, a .conf named nginx.* (issue 29's fourteenth survey)", async ({ expect }) => {
    const root = join(temp, 'nginx-sites');
    // miguelgrinberg/microblog's deployment/nginx/microblog and fholzer/docker-nginx-brotli's nginx.vh.default.conf, each with the problem planted in the survey.
    write(root, 'deployment/nginx/microblog', '# See https://nginx.org/en/docs/http/%ngx_http_proxy_module.html\nserver {\n    # listen on port 80 (http)\n    listen 80;\n    server_name _;\n    location / {\n        # redirect any requests to the same URL but on https\n        return 301 https://$host$request_uri;\n    }\n}\n');
    write(root, 'nginx.vh.default.conf', '# See https://nginx.org/en/docs/http/%ngx_http_core_module.html\nserver {\n    listen       80;\n    server_name  localhost;\n\n    #charset koi8-r;\n    #access_log  /var/log/nginx/host.access.log  main;\n}\n');
    write(root, 'etc/nginx/sites-available/default', '# see https://nginx.org/%zz\nserver { return 301 https://$host$request_uri; }\n');
    // The other files of such a folder are theirs (a Dockerfile beside the site file), and a .conf named otherwise is no server's.
    write(root, 'deployment/nginx/Dockerfile', 'FROM nginx\n');
    write(root, 'notes.conf', '# see https://example.com/%zz\n');
    const walked = await scan(root, ['--jobs', '1', '--format', 'json', '.']);
    expect((JSON.parse(walked.stdout) as JsonProblem[]).map((p) => [p.file, p.line, p.column, p.code])).toEqual([
      ['deployment/nginx/microblog', 1, 38, 'pct-invalid-triplet'],
      ['etc/nginx/sites-available/default', 1, 25, 'pct-invalid-triplet'],
      ['nginx.vh.default.conf', 1, 38, 'pct-invalid-triplet'],
    ]);
  });

  it('reads a lone .env met while walking, as it reads .env.local', async ({ expect }) => {
    const root = join(temp, 'dotenv');
    write(root, '.env', 'DATABASE_URL=http://exa mple.com/\n');
    write(root, 'sub/.env.local', 'DATABASE_URL=http://exa mple.com/\n');
    const walked = await scan(root, ['--jobs', '1', '--format', 'json', '.']);
    expect((JSON.parse(walked.stdout) as JsonProblem[]).map((p) => [p.file, p.code])).toEqual([
      ['.env', 'host-unescaped-char'],
      ['sub/.env.local', 'host-unescaped-char'],
    ]);
  });

  it('leaves minified JavaScript and CSS found while walking unread, says so, and reads them with --minified or when named', async ({ expect }) => {
    const root = join(temp, 'minified');
    // One line of Bootstrap-like CSS (bootstrap.min.css): an inline SVG with raw spaces among 3 KB of rules.
    const rules = Array.from({ length: 120 }, (_, i) => `.c${i}{margin:${i}px;padding:0 ${i}px}`).join('');
    write(root, 'vendor/bootstrap.min.css', `${rules}.x{background:url("data:image/svg+xml,%3csvg xmlns='http://www.w3.org/2000/svg'%3e%3c/svg%3e")}\n`);
    write(root, 'site.css', `.x {\n  background: url("data:image/svg+xml,%3csvg xmlns='http://www.w3.org/2000/svg'%3e%3c/svg%3e");\n}\n`);
    const walked = await scan(root, ['--jobs', '1', '--format', 'json', '--stats', '.']);
    expect((JSON.parse(walked.stdout) as JsonProblem[]).map((p) => p.file)).toEqual(['site.css']);
    expect(walked.stderr).toContain('files skipped minified: 1\n');
    const text = await scan(root, ['--jobs', '1', '.']);
    expect(text.stdout).toMatch(/; 1 file skipped \(1 minified: --minified reads them\)\n/);
    const all = await scan(root, ['--jobs', '1', '--format', 'json', '--minified', '.']);
    expect((JSON.parse(all.stdout) as JsonProblem[]).map((p) => p.file)).toEqual(['site.css', 'vendor/bootstrap.min.css']);
    const named = await scan(root, ['--jobs', '1', '--format', 'json', 'vendor/bootstrap.min.css']);
    expect((JSON.parse(named.stdout) as JsonProblem[]).map((p) => p.file)).toEqual(['vendor/bootstrap.min.css']);
  });

  describe('in this process', () => {
    it('hands out every file once, in order, in batches that shrink towards the end', () => {
      const tasks = Array.from({ length: 2000 }, (_, index) => ({ index, path: `f${index}`, size: index === 1990 ? 5_000_000 : 10_000, writable: true, settings: 0 }));
      const batches = new Batches(tasks, 2);
      const taken: number[][] = [];
      for (let batch = batches.take(); batch !== undefined; batch = batches.take()) taken.push(batch.map((task) => task.index));
      expect(taken.flat()).toEqual(tasks.map((task) => task.index));
      expect(batches.empty).toBe(true);
      expect(taken[0]!.length).toBe(64);
      // The last batches are small, and the large file is one alone.
      expect(taken.at(-1)!.length).toBeLessThan(8);
      expect(taken.find((batch) => batch.includes(1990))).toEqual([1990]);
      batches.giveBack([tasks[3]!, tasks[4]!]);
      expect([batches.take(), batches.take(), batches.take()]).toEqual([[tasks[3]], [tasks[4]], undefined]);
    });

    it('exits with 2 and a clear message for a path that does not exist', async () => {
      const missing = join(tree, 'no-such-dir');
      const result = await run(['scan', join(tree, 'emoji.txt'), missing]);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(`urilint: The path '${missing}' does not exist.\nRun 'urilint scan --help' for usage.\n`);
    });

    it('exits with 2 on a usage error', async () => {
      const results = await Promise.all([
        run(['scan', '--format', 'xml']),
        run(['scan', '--rule', 'no-such-rule=warn']),
        run(['scan', '--rule', 'no-malformed=loud']),
        run(['scan', '--jobs', '0']),
        run(['scan', '--max-file-size', 'big']),
        run(['scan', '--preset', 'none']),
      ]);
      expect(results.map((result) => result.code)).toEqual([2, 2, 2, 2, 2, 2]);
      expect(results.map((result) => result.stderr.split('\n')[0])).toEqual([
        "urilint: The option '--format' takes one of text, json, sarif, github, gitlab, not 'xml'.",
        `urilint: Unknown rule 'no-such-rule' in --rule; the rules are: ${RULE_NAMES.join(', ')}.`,
        "urilint: Unknown severity in '--rule no-malformed=loud': use off, error or warn.",
        "urilint: The option '--jobs' takes a whole number of at least 1, not '0'.",
        "urilint: The option '--max-file-size' takes a size such as 10M, 512K or 100000, not 'big'.",
        'urilint: No rule is on: give --rule NAME with --preset none.',
      ]);
    });

    it('makes a rule warn with --rule, exits with 0 on warnings alone, and hides them with --quiet', async () => {
      const file = join(tree, 'emoji.txt');
      const args = ['scan', '--preset', 'none', '--rule', 'urilint/no-non-canonical-ip=warn', '--format', 'json', file];
      const warn = await run(args);
      expect(warn.code).toBe(0);
      expect((JSON.parse(warn.stdout) as JsonProblem[]).map((p) => [p.file, p.rule, p.severity])).toEqual([[file, 'no-non-canonical-ip', 'warning']]);
      expect(warn.stderr).toBe('1 file scanned, 2 URIs, 1 problem (0 errors, 1 warning) in 1 file, 1 problem fixable with --fix\n');
      const quiet = await run([...args, '--quiet']);
      expect(quiet.code).toBe(0);
      expect(JSON.parse(quiet.stdout)).toEqual([]);
      const error = await run(['scan', '--preset', 'none', '--rule', 'no-non-canonical-ip', '--rule', 'no-unescaped-chars=error', '--rule', 'no-unescaped-chars=off', file]);
      expect(error.code).toBe(1);
      expect(error.stdout).toContain(' error no-non-canonical-ip (fixable)');
      expect(error.stdout).not.toContain('no-unescaped-chars');
    });
  });

  describe('--fix', () => {
    it('reads UTF-16 files with a byte order mark (LE and BE), reports at their characters and writes fixes back in UTF-16', async () => {
      const root = join(temp, 'utf16');
      const text = '\uFEFF# Reports\n\n[old report](https://example.com/files/a%zz.pdf) and http://0x7f.1/x\n';
      write(root, 'le.md', Buffer.from(text, 'utf16le'));
      write(root, 'be.md', Buffer.from(text, 'utf16le').swap16());
      const report = await scan(root, ['--format', 'json']);
      const problems = JSON.parse(report.stdout) as JsonProblem[];
      expect(problems.map((p) => [p.file, p.code, p.line, p.column])).toEqual([
        ['be.md', 'pct-invalid-triplet', 3, 41],
        ['be.md', 'host-ipv4-rare-form', 3, 61],
        ['le.md', 'pct-invalid-triplet', 3, 41],
        ['le.md', 'host-ipv4-rare-form', 3, 61],
      ]);
      expect(report.stderr).not.toContain('binary');
      await scan(root, ['--fix']);
      const fixed = text.replace('http://0x7f.1/x', 'http://127.0.0.1/x');
      expect(readFileSync(join(root, 'le.md'))).toEqual(Buffer.from(fixed, 'utf16le'));
      expect(readFileSync(join(root, 'be.md'))).toEqual(Buffer.from(fixed, 'utf16le').swap16());
    });

    it('writes the safe fixes, reports what is left, and exits with 0 once no error is left', async () => {
      const root = join(temp, 'fix');
      write(root, 'fixable.txt', '😀 See <https://example.com/a b> and http://0x7f.1/x.\r\nNext line.\r\n');
      write(root, 'partly.md', '[a](http://0x7f.1/a%zz)\n');
      write(root, 'latin1.txt', Buffer.concat([Buffer.from('caf\xe9 ', 'latin1'), Buffer.from('http://0x7f.1/\n')]));
      const first = await scan(root, ['--fix', '--format', 'json']);
      expect(readFileSync(join(root, 'fixable.txt'), 'utf8')).toBe('😀 See <https://example.com/a%20b> and http://127.0.0.1/x.\r\nNext line.\r\n');
      expect(readFileSync(join(root, 'partly.md'), 'utf8')).toBe('[a](http://127.0.0.1/a%zz)\n');
      // Not UTF-8: writing the decoded text back would change its other bytes.
      expect(readFileSync(join(root, 'latin1.txt'), 'latin1')).toBe('caf\xe9 http://0x7f.1/\n');
      expect(first.stderr).toContain('urilint: latin1.txt: the fixes were not written: it is not valid UTF-8.\n');
      const left = JSON.parse(first.stdout) as JsonProblem[];
      expect(left.map((p) => [p.file, p.code, p.column])).toEqual([
        ['latin1.txt', 'host-ipv4-rare-form', 13],
        ['partly.md', 'pct-invalid-triplet', 23],
      ]);
      expect(first.code).toBe(1);
      expect(first.stderr).toMatch(/, 3 fixes applied\n/);

      rmSync(join(root, 'partly.md'));
      rmSync(join(root, 'latin1.txt'));
      const second = await run(['scan', '--fix', root]);
      expect(second.code).toBe(0);
      expect(second.stdout).toBe('1 file scanned, 2 URIs, no problems, 0 fixes applied\n');
    });
  });

  describe('in the help', () => {
    it('is listed in the main help and has its own', async () => {
      const help = async (args: string[]): Promise<string> => {
        const stdout = new Sink();
        expect(await main(args, { stdout, stderr: new Sink(), stdin: Readable.from([]), env: {} })).toBe(0);
        return stdout.text;
      };
      expect(await help(['--help'])).toMatch(/^ {2}scan \[PATH\.\.\.\] +Find and check the URIs in files/m);
      const own = await help(['scan', '--help']);
      expect(own).toMatch(/^Usage: urilint scan \[options\] \[PATH\.\.\.\]/);
      expect(own).toContain('a column counts UTF-16');
      expect(await help(['help', 'scan'])).toBe(own);
    });

    it("describes each rule in SARIF as the ESLint rule's meta.docs.description does", () => {
      const pluginRules = fileURLToPath(new URL('../../eslint-plugin/src/rules/', import.meta.url));
      for (const name of RULE_NAMES) {
        const source = readFileSync(join(pluginRules, `${name}.ts`), 'utf8');
        const match = /^ {6}description: ('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"),$/m.exec(source);
        expect(match, name).not.toBeNull();
        expect(RULE_DESCRIPTIONS[name], name).toBe(JSON.parse(match![1]!.startsWith("'") ? `"${match![1]!.slice(1, -1).replace(/"/g, '\\"').replace(/\\'/g, "'")}"` : match![1]!));
      }
    });
  });
});
