// Throughput of @urilint/core `parse` against peer URI parsers and validators, on two corpora:
// real-world URLs and a generated, seeded mix of URI references. Run: `pnpm bench` (repo root),
// or `node parse.bench.mjs [--rounds <n>] [--baseline <core dist/index.js>] [--corpus <name>]` from
// bench/ once core is built; --baseline adds another build of core (an earlier commit's) as a
// contender; --corpus (real-world, generated or flat) measures that corpus alone.
//
// The corpora run in one process, in that order, so a JavaScript contender meets each corpus with
// what the earlier ones taught the engine (which string representations its property accesses saw),
// as in a linter that reads strings of every origin. --corpus shows a corpus without that history.
//
// The contenders run side by side: each round passes every contender once over the corpus, in an
// order that rotates from round to round, so that other work on a shared machine falls on all of
// them alike. A ratio is computed within each round and the table reports the median of those.
import './node.mjs';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import process from 'node:process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import fastUri from 'fast-uri';
import * as uriJs from 'uri-js';
import { mulberry32 } from './random.mjs';

const REAL_WORLD_FILE = new URL('../../shared/data/real-world-urls.txt', import.meta.url);
const GENERATED_SIZE = 20_000;
const GENERATED_SEED = 3986;
const DEFAULT_ROUNDS = 30;
const CORPUS_NAMES = ['real-world', 'generated', 'flat'];
const WARMUP_PASSES = 5;
// The base for `URL.canParse(s, BASE)`: without one, WHATWG rejects every relative reference at once.
const BASE = 'http://example.com/a/b';

// ---------------------------------------------------------------------------------------------
// RFC 3986 `URI-reference` as one regular expression, built rule by rule from Appendix A
// (quoted from /work/shared/spec/rfc3986-essentials.md §1). Every constant is a regex source.

// unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"          (bracket-expression contents)
const UNRESERVED = 'A-Za-z0-9\\-._~';
// sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
const SUB_DELIMS = "!$&'()*+,;=";
// pct-encoded = "%" HEXDIG HEXDIG
const PCT_ENCODED = '%[0-9A-Fa-f]{2}';
// pchar = unreserved / pct-encoded / sub-delims / ":" / "@"
const PCHAR = `(?:[${UNRESERVED}${SUB_DELIMS}:@]|${PCT_ENCODED})`;

// scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
const SCHEME = '[A-Za-z][A-Za-z0-9+\\-.]*';
// userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
const USERINFO = `(?:[${UNRESERVED}${SUB_DELIMS}:]|${PCT_ENCODED})*`;

// dec-octet = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35
const DEC_OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9][0-9]|[0-9])';
// IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet
const IPV4ADDRESS = `${DEC_OCTET}\\.${DEC_OCTET}\\.${DEC_OCTET}\\.${DEC_OCTET}`;
// h16 = 1*4HEXDIG
const H16 = '[0-9A-Fa-f]{1,4}';
// ls32 = ( h16 ":" h16 ) / IPv4address
const LS32 = `(?:${H16}:${H16}|${IPV4ADDRESS})`;
// `[ *n( h16 ":" ) h16 ]`, the optional head before "::" in the IPv6address alternatives
const h16Head = (n) => `(?:(?:${H16}:){0,${n}}${H16})?`;
// IPv6address, its nine alternatives in the RFC's order
const IPV6ADDRESS = `(?:${[
  `(?:${H16}:){6}${LS32}`, //                       6( h16 ":" ) ls32
  `::(?:${H16}:){5}${LS32}`, //                "::" 5( h16 ":" ) ls32
  `${h16Head(0)}::(?:${H16}:){4}${LS32}`, // [ h16 ] "::" 4( h16 ":" ) ls32
  `${h16Head(1)}::(?:${H16}:){3}${LS32}`, // [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
  `${h16Head(2)}::(?:${H16}:){2}${LS32}`, // [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
  `${h16Head(3)}::${H16}:${LS32}`, //          [ *3( h16 ":" ) h16 ] "::" h16 ":" ls32
  `${h16Head(4)}::${LS32}`, //                 [ *4( h16 ":" ) h16 ] "::" ls32
  `${h16Head(5)}::${H16}`, //                  [ *5( h16 ":" ) h16 ] "::" h16
  `${h16Head(6)}::`, //                        [ *6( h16 ":" ) h16 ] "::"
].join('|')})`;
// IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
const IPVFUTURE = `[vV][0-9A-Fa-f]+\\.[${UNRESERVED}${SUB_DELIMS}:]+`;
// IP-literal = "[" ( IPv6address / IPvFuture  ) "]"
const IP_LITERAL = `\\[(?:${IPV6ADDRESS}|${IPVFUTURE})\\]`;
// reg-name = *( unreserved / pct-encoded / sub-delims )
const REG_NAME = `(?:[${UNRESERVED}${SUB_DELIMS}]|${PCT_ENCODED})*`;
// host = IP-literal / IPv4address / reg-name
const HOST = `(?:${IP_LITERAL}|${IPV4ADDRESS}|${REG_NAME})`;
// port = *DIGIT
const PORT = '[0-9]*';
// authority = [ userinfo "@" ] host [ ":" port ]
const AUTHORITY = `(?:${USERINFO}@)?${HOST}(?::${PORT})?`;

// segment = *pchar; segment-nz = 1*pchar
// segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )
const SEGMENT = `${PCHAR}*`;
const SEGMENT_NZ = `${PCHAR}+`;
const SEGMENT_NZ_NC = `(?:[${UNRESERVED}${SUB_DELIMS}@]|${PCT_ENCODED})+`;
// path-abempty = *( "/" segment )
const PATH_ABEMPTY = `(?:/${SEGMENT})*`;
// path-absolute = "/" [ segment-nz *( "/" segment ) ]
const PATH_ABSOLUTE = `/(?:${SEGMENT_NZ}(?:/${SEGMENT})*)?`;
// path-noscheme = segment-nz-nc *( "/" segment )
const PATH_NOSCHEME = `${SEGMENT_NZ_NC}(?:/${SEGMENT})*`;
// path-rootless = segment-nz *( "/" segment )
const PATH_ROOTLESS = `${SEGMENT_NZ}(?:/${SEGMENT})*`;
// path-empty = 0<pchar>
const PATH_EMPTY = '';

// query = *( pchar / "/" / "?" ); fragment = *( pchar / "/" / "?" )
const QUERY = `(?:${PCHAR}|[/?])*`;
const FRAGMENT = QUERY;

// hier-part = "//" authority path-abempty / path-absolute / path-rootless / path-empty
const HIER_PART = `(?://${AUTHORITY}${PATH_ABEMPTY}|${PATH_ABSOLUTE}|${PATH_ROOTLESS}|${PATH_EMPTY})`;
// URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
const URI = `${SCHEME}:${HIER_PART}(?:\\?${QUERY})?(?:#${FRAGMENT})?`;
// relative-part = "//" authority path-abempty / path-absolute / path-noscheme / path-empty
const RELATIVE_PART = `(?://${AUTHORITY}${PATH_ABEMPTY}|${PATH_ABSOLUTE}|${PATH_NOSCHEME}|${PATH_EMPTY})`;
// relative-ref = relative-part [ "?" query ] [ "#" fragment ]
const RELATIVE_REF = `${RELATIVE_PART}(?:\\?${QUERY})?(?:#${FRAGMENT})?`;
// URI-reference = URI / relative-ref
const URI_REFERENCE = new RegExp(`^(?:${URI}|${RELATIVE_REF})$`);

// A few fixed points of the grammar, so that a typo above fails loudly instead of skewing counts.
function checkRegExp() {
  const valid = [
    '', 'g;x?y#s', '../a/b?x', '//host/p', './this:that', 'http://h:/', 'http://[2001:db8::7]/c=GB?x',
    'http://[::ffff:1.2.3.4]/', 'http://[1:2:3:4:5:6:7:8]/', 'http://[1:2:3:4:5:6:7::]/', 'http://[::]/',
    'http://[v7.fe80:a+b]/', 'http://256.1.1.1/', 'mailto:a@b.c', 'urn:isbn:0451450523',
  ];
  const invalid = [
    'a b', '%zz', 'http://a@b@c/', 'http://[::1/', '1a:b', '#a#b', 'http://[1:2:3:4:5:6:7:8:9]/',
    'http://[::1.2.3.256]/', 'http://[fe80::1%eth0]/', 'this:that/[x]', 'é',
  ];
  const wrong = [
    ...valid.filter((s) => !URI_REFERENCE.test(s)).map((s) => `rejects valid ${JSON.stringify(s)}`),
    ...invalid.filter((s) => URI_REFERENCE.test(s)).map((s) => `accepts invalid ${JSON.stringify(s)}`),
  ];
  if (wrong.length > 0) throw new Error(`URI-reference regex is wrong: ${wrong.join('; ')}`);
}

// ---------------------------------------------------------------------------------------------
// Corpora

function loadRealWorld() {
  let text;
  try {
    text = readFileSync(REAL_WORLD_FILE, 'utf8');
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
    fail(`corpus file not found: ${fileURLToPath(REAL_WORLD_FILE)}\n` +
      'The benchmark reads the shared real-world URL list from <repo>/../shared/data/.');
  }
  return text.split('\n').filter((line) => line !== '');
}

// Random building blocks of URI references; every valid* function returns a valid reference.
function uriGenerator(random) {
  const int = (min, max) => min + Math.floor(random() * (max - min + 1));
  const pick = (items) => items[int(0, items.length - 1)];
  const chance = (p) => random() < p;
  const times = (n, make) => Array.from({ length: n }, make);
  const chars = (alphabet, min, max) => times(int(min, max), () => pick(alphabet)).join('');

  const LOWER = 'abcdefghijklmnopqrstuvwxyz';
  const HEX = '0123456789abcdefABCDEF';
  const word = (min = 1, max = 8) => chars(LOWER + '0123456789', min, max);
  const pct = () => pick(['%20', '%2F', '%C3%A9', '%e2%82%ac', '%3D', '%25']);

  const segment = () =>
    pick([word, word, word, () => `${word()}.${pick(['html', 'php', 'json', 'png'])}`,
      () => `${word()}${pct()}${word()}`, () => `${word()};v=${int(1, 9)}`, () => `${word()}-${word()}_${word()}~`,
      () => `@${word()}`, () => `${word()}:${word()}`, () => `(${word()})`, () => '..', () => '.'])();
  const path = (min, max) => times(int(min, max), () => `/${segment()}`).join('');
  const query = () => '?' + times(int(1, 4), () => `${word()}=${pick([word, pct, () => `${word()}/${word()}`, () => ''])()}`).join(pick(['&', '&', ';']));
  const fragment = () => '#' + pick([word, () => `section-${int(1, 9)}.${int(1, 9)}`, () => `/${word()}?${word()}`, () => ''])();

  const h16 = () => chars(HEX, 1, 4);
  const ipv4 = () => times(4, () => int(0, 255)).join('.');
  // Eight groups (or six and an IPv4 tail), then maybe a run of them compressed to "::".
  const ipv6 = () => {
    const withIpv4 = chance(0.2);
    const groups = times(withIpv4 ? 6 : 8, h16);
    if (withIpv4) groups.push(ipv4());
    if (chance(0.75)) {
      const from = int(0, groups.length - 1);
      const to = int(from + 1, withIpv4 ? groups.length - 1 : groups.length);
      const head = groups.slice(0, from).join(':');
      const tail = groups.slice(to).join(':');
      return `${head}::${tail}`;
    }
    return groups.join(':');
  };
  const ipv6Literal = () => `[${chance(0.3) ? pick(['2001:db8::7', '::ffff:1.2.3.4', '::1', '::', 'fe80::1', '2001:DB8:0:0:8:800:200C:417A']) : ipv6()}]`;
  const ipvFuture = () => `[v${chars(HEX, 1, 2)}.${word()}${pick(['', ':', '+', '!'])}${word()}]`;
  const regName = () => [...times(int(0, 2), () => word(2, 10)), pick(['example', 'host-name', 'test', word(3, 12)]), pick(['com', 'org', 'net', 'io', 'de', 'co.uk'])].join('.');
  const host = () => pick([regName, regName, regName, regName, regName, regName, ipv4, ipv6Literal, ipv6Literal, ipvFuture])();
  const userinfo = () => pick([word, () => `${word()}:${word()}`, () => `${word()}${pct()}`])() + '@';
  const authority = () => `${chance(0.05) ? userinfo() : ''}${host()}${chance(0.15) ? `:${pick([80, 443, 8080, 3000, ''])}` : ''}`;

  const validHttp = () =>
    `${pick(['http', 'https', 'https', 'HTTPS', 'ws', 'ftp'])}://${authority()}${path(0, 5)}` +
    `${chance(0.35) ? query() : ''}${chance(0.15) ? fragment() : ''}`;

  const validRelative = () =>
    pick([
      () => `${'../'.repeat(int(1, 3))}${word()}${path(0, 2)}${chance(0.5) ? query() : ''}`,
      () => `${path(1, 4)}${chance(0.3) ? query() : ''}`,
      () => `${word(1, 3)};${word(1, 3)}${query()}${fragment()}`,
      () => `//${authority()}${path(0, 3)}`,
      () => `./${word()}:${word()}`,
      () => `${word()}${path(0, 3)}${chance(0.3) ? fragment() : ''}`,
      query,
      fragment,
      () => pick(['', '.', '..', './', '/']),
    ])();

  const validOtherScheme = () =>
    pick([
      () => `mailto:${word()}.${word()}@${regName()}${chance(0.3) ? `?subject=${word()}%20${word()}` : ''}`,
      () => `urn:isbn:${chars('0123456789', 10, 10)}`,
      () => `urn:uuid:${[8, 4, 4, 4, 12].map((n) => chars('0123456789abcdef', n, n)).join('-')}`,
      () => `urn:ietf:rfc:${int(1000, 9999)}`,
      () => `tel:+${int(1, 99)}-${int(100, 999)}-${int(100, 999)}-${int(1000, 9999)}`,
      () => `data:text/plain;base64,${chars(LOWER + 'ABCXYZ0123456789+/', 4, 40)}${pick(['', '=', '=='])}`,
      () => `data:,${word()}%2C%20${word()}%21`,
      () => `file:///${word()}${path(0, 3)}`,
      () => `news:comp.${word()}.${word()}`,
      () => `ldap://[2001:db8::7]/c=GB?objectClass?one`,
    ])();

  const validAny = () => pick([validHttp, validHttp, validHttp, validRelative, validRelative, validOtherScheme])();

  // One corruption each, each of which makes the reference invalid under RFC 3986.
  const insertAt = (s, text) => {
    const at = int(0, s.length);
    return s.slice(0, at) + text + s.slice(at);
  };
  const invalid = () =>
    pick([
      () => insertAt(validAny(), ' '),
      () => insertAt(validAny(), pick(['%zz', '%G1', '%x9'])),
      () => `${validAny()}%${pick(['', 'A', 'f'])}`,
      () => `http://${word()}@${word()}@${regName()}${path(0, 2)}`,
      () => `https://[${ipv6()}${path(0, 2)}`,
      () => `${int(0, 9)}${word()}:${word()}`,
      () => `${validHttp()}#${word()}#${word()}`,
      () => insertAt(validAny(), pick(['<', '>', '"', '{', '}', '|', '\\', '^', '`'])),
      () => insertAt(validAny(), pick(['é', 'ü', '中', '😀'])),
      () => `http://[${pick(['1:2:3:4:5:6:7:8:9', '::1.2.3.256', 'fe80::1%eth0', '1::2::3', '12345::'])}]/`,
    ])();

  return { validHttp, validRelative, validOtherScheme, invalid };
}

function generateMix(size, seed) {
  const g = uriGenerator(mulberry32(seed));
  const kinds = [
    [0.5, g.validHttp],
    [0.25, g.validRelative],
    [0.15, g.validOtherScheme],
    [0.1, g.invalid],
  ];
  const random = mulberry32(seed ^ 0x9e3779b9);
  const one = () => {
    let r = random();
    for (const [weight, make] of kinds) {
      if ((r -= weight) < 0) return make();
    }
    return kinds[0][1]();
  };
  return Array.from({ length: size }, one);
}

// ---------------------------------------------------------------------------------------------
// Contenders: each is called once per string; `accepts` (when present) says whether it
// considers the string valid, for the sanity count.

function contenders(parse, baseline) {
  const list = [
    { name: '@urilint/core parse', short: 'core', run: (s) => parse(s), accepts: (s) => parse(s).valid },
    { name: 'fast-uri parse', short: 'fast-uri', run: (s) => fastUri.parse(s) },
    { name: 'uri-js parse', short: 'uri-js', run: (s) => uriJs.parse(s) },
    { name: 'URL.canParse', short: 'URL.canParse', run: (s) => URL.canParse(s), accepts: (s) => URL.canParse(s) },
    { name: 'URL.canParse with a base', short: 'URL.canParse(s, base)', run: (s) => URL.canParse(s, BASE), accepts: (s) => URL.canParse(s, BASE) },
    { name: 'RFC 3986 regex', short: 'the regex', run: (s) => URI_REFERENCE.test(s), accepts: (s) => URI_REFERENCE.test(s) },
  ];
  if (baseline !== undefined) {
    const { parse: before, label } = baseline;
    list.splice(1, 0, { name: `@urilint/core parse, baseline (${label})`, short: 'the baseline', run: (s) => before(s) });
  }
  return list;
}

// One round of one contender: the whole corpus. Counting truthy results keeps every call observable.
let sink = 0;
function passOver(corpus, run) {
  let truthy = 0;
  for (let i = 0; i < corpus.length; i++) {
    if (run(corpus[i])) truthy++;
  }
  sink += truthy;
}

// Wall time and this process's CPU time (user + system, all its threads, the garbage collector's
// included) of one pass, in ms. On a shared machine the wall time also holds the time the process
// waited for a core; the CPU time does not.
function timePass(corpus, run) {
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  passOver(corpus, run);
  const wall = Number(process.hrtime.bigint() - start) / 1e6;
  const used = process.cpuUsage(cpu);
  return { wall, cpu: (used.user + used.system) / 1000 };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const quantile = (values, q) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))];

// Interleaved rounds: round r runs the contenders starting from the (r mod n)-th. Each contender's
// figure is the median of its round times; each ratio the median of the per-round ratios.
function measure(corpus, list, rounds) {
  for (const contender of list) for (let i = 0; i < WARMUP_PASSES; i++) passOver(corpus, contender.run);
  const times = list.map(() => []);
  const cpuTimes = list.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < list.length; k++) {
      const index = (round + k) % list.length;
      const { wall, cpu } = timePass(corpus, list[index].run);
      times[index].push(wall);
      cpuTimes[index].push(cpu);
    }
  }
  return list.map((contender, index) => {
    const ms = median(times[index]);
    const mad = median(times[index].map((t) => Math.abs(t - ms)));
    const ratios = times[index].map((t, round) => t / times[0][round]); // > 1: core is faster
    // CPU time is counted in the kernel's ticks: a pass that took none (a tick's rounding) is left out.
    const cpuRatios = cpuTimes[index].map((t, round) => t / cpuTimes[0][round]).filter((r) => Number.isFinite(r) && r > 0);
    return {
      ...contender,
      perSecond: corpus.length / (ms / 1000),
      madPercent: (100 * mad) / ms,
      rounds: times[index].length,
      ratio: median(ratios),
      ratioLow: quantile(ratios, 0.25),
      ratioHigh: quantile(ratios, 0.75),
      cpuMs: median(cpuTimes[index]),
      cpuRatio: cpuRatios.length > 0 ? median(cpuRatios) : NaN,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Reporting

const integer = (n) => Math.round(n).toLocaleString('en-US');
const ratio = (n) => `${n >= 10 ? n.toFixed(1) : n.toFixed(2)}×`;

function resultsTable(rows) {
  const core = rows[0];
  const lines = [
    '| contender | URIs/s (median) | ± MAD | rounds | @urilint/core parse vs it (median of rounds) | middle half of the rounds | CPU ms a pass (median) | vs it by CPU time (median of rounds) |',
    '| --- | ---: | ---: | ---: | --- | --- | ---: | --- |',
  ];
  for (const row of rows) {
    const versus = row === core ? '—' : `parse is ${ratio(row.ratio)} ${row.short}`;
    const spread = row === core ? '—' : `${ratio(row.ratioLow)} – ${ratio(row.ratioHigh)}`;
    const cpuVersus = row === core ? '—' : Number.isFinite(row.cpuRatio) ? ratio(row.cpuRatio) : 'n/a';
    lines.push(`| ${row.name} | ${integer(row.perSecond)} | ${row.madPercent.toFixed(1)}% | ${row.rounds} | ${versus} | ${spread} | ${row.cpuMs.toFixed(1)} | ${cpuVersus} |`);
  }
  return lines.join('\n');
}

function acceptance(corpus, list) {
  const counts = list
    .filter((c) => c.accepts)
    .map((c) => `${c.name.replace(/ parse$/, ' valid')} ${integer(corpus.filter(c.accepts).length)}`);
  return `- accepted of ${integer(corpus.length)}: ${counts.join(' · ')}`;
}

// The regex and core both claim to decide RFC 3986 `URI-reference`: list where they differ.
function disagreements(corpus, parse) {
  const differ = corpus.filter((s) => parse(s).valid !== URI_REFERENCE.test(s));
  if (differ.length === 0) return '- core valid and the regex agree on every string';
  const examples = differ.slice(0, 5).map((s) => `  - ${parse(s).valid ? 'core only' : 'regex only'}: ${JSON.stringify(s)}`);
  return [`- core valid and the regex disagree on ${integer(differ.length)} strings, e.g.`, ...examples].join('\n');
}

function machineLine() {
  const cpus = os.cpus();
  const load = os.loadavg()[0].toFixed(2); // other work on the machine skews the figures
  return `node ${process.version} · ${cpus[0]?.model.trim() ?? 'unknown CPU'} · ${cpus.length} cores · ${os.platform()} ${os.arch()} · load ${load}`;
}

// The commit measured, and whether core's sources differed from it (the bench loads core's dist).
function commitLine() {
  try {
    const git = (...args) => execFileSync('git', args, { cwd: fileURLToPath(new URL('..', import.meta.url)), encoding: 'utf8' }).trim();
    const changed = git('status', '--porcelain', '--', 'packages/core/src');
    return `commit ${git('rev-parse', '--short', 'HEAD')}${changed === '' ? '' : ' with uncommitted changes in packages/core/src'}`;
  } catch {
    return 'commit unknown (not a git checkout)';
  }
}

function describe(corpus) {
  const chars = corpus.reduce((sum, s) => sum + s.length, 0);
  return `${integer(corpus.length)} strings, mean length ${(chars / corpus.length).toFixed(1)}`;
}

// ---------------------------------------------------------------------------------------------

function fail(message) {
  console.error(`parse.bench: ${message}`);
  process.exit(1);
}

function readOptions(argv) {
  try {
    const { values } = parseArgs({
      args: argv,
      options: { rounds: { type: 'string' }, baseline: { type: 'string' }, corpus: { type: 'string' } },
    });
    const rounds = values.rounds === undefined ? DEFAULT_ROUNDS : Number(values.rounds);
    if (!Number.isInteger(rounds) || rounds <= 0) throw new Error(`--rounds must be a positive integer, got ${values.rounds}`);
    if (values.corpus !== undefined && !CORPUS_NAMES.includes(values.corpus)) {
      throw new Error(`--corpus must be one of ${CORPUS_NAMES.join(', ')}, got ${values.corpus}`);
    }
    return { rounds, baseline: values.baseline, corpus: values.corpus };
  } catch (error) {
    fail(`${error.message}\nusage: node parse.bench.mjs [--rounds <n>] [--baseline <path to another build's dist/index.js>] [--corpus ${CORPUS_NAMES.join('|')}]`);
  }
}

async function loadCore() {
  try {
    const core = await import('@urilint/core');
    if (typeof core.parse !== 'function') throw new Error('it does not export parse()');
    return core;
  } catch (error) {
    fail(`cannot load @urilint/core (${error.message}).\n` +
      'Build it first: `pnpm build` at the repo root, or `pnpm --filter @urilint/core run build`.');
  }
}

// Another build of core, e.g. an earlier commit's `packages/core/dist/index.js` copied aside.
async function loadBaseline(file) {
  if (file === undefined) return undefined;
  try {
    const module = await import(pathToFileURL(file).href);
    if (typeof module.parse !== 'function') throw new Error('it does not export parse()');
    return { parse: module.parse, label: file };
  } catch (error) {
    fail(`cannot load the baseline ${file} (${error.message}).`);
  }
}

async function main() {
  const { rounds, baseline: baselineFile, corpus: only } = readOptions(process.argv.slice(2));
  const baseline = await loadBaseline(baselineFile);
  const core = await loadCore();
  checkRegExp();
  const list = contenders(core.parse, baseline);
  const generated = generateMix(GENERATED_SIZE, GENERATED_SEED);
  const corpora = [
    { name: 'real-world', title: 'real-world URLs (shared/data/real-world-urls.txt)', strings: loadRealWorld() },
    { name: 'generated', title: `generated URI references (seed ${GENERATED_SEED})`, strings: generated },
    // The same strings as a linter meets them, read from a file: the generator builds each by
    // concatenation, which V8 keeps as a rope that every character read outside a regex walks; a
    // JSON round trip gives the same strings (lone surrogates included) flat.
    {
      name: 'flat',
      title: `generated URI references (seed ${GENERATED_SEED}), flat as if read from a file`,
      strings: JSON.parse(JSON.stringify(generated)),
    },
  ].filter((corpus) => only === undefined || corpus.name === only);

  console.log(`# URI parse benchmark, ${new Date().toISOString().slice(0, 10)}`);
  console.log(`${machineLine()} · ${commitLine()}`);
  console.log(`${rounds} rounds after ${WARMUP_PASSES} warm-up passes; one round = one pass of every contender over the corpus, in rotating order`);
  console.log(only === undefined ? '' : `--corpus ${only}: this corpus alone, without the others before it in this process\n`);
  for (const { title, strings } of corpora) {
    console.log(`## ${title}: ${describe(strings)}\n`);
    const loadBefore = os.loadavg()[0];
    const rows = measure(strings, list, rounds);
    console.log(resultsTable(rows));
    console.log(`\n- load average ${loadBefore.toFixed(2)} before, ${os.loadavg()[0].toFixed(2)} after this corpus`);
    console.log(acceptance(strings, list));
    console.log(`${disagreements(strings, core.parse)}\n`);
  }
  if (sink < 0) console.log(sink); // never true; keeps the results observable
}

await main();
