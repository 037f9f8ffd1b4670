import { parse as tsParse } from '@typescript-eslint/parser';
import * as espree from 'espree';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  escapeFor,
  mapJsxAttribute,
  mapStringLiteral,
  mapTemplateElement,
  mapTemplateElementAt,
  replaceCooked,
  sourceRange,
  type CookedMap,
} from '../src/js/literal-map.js';

// ---------------------------------------------------------------------------------------------------------
// Ground truth: the parsers

type Parser = 'espree' | 'typescript';

function parseProgram(code: string, parser: Parser, jsx = false): unknown {
  if (parser === 'espree') {
    return espree.parse(code, { ecmaVersion: 'latest', sourceType: 'script', range: true, ecmaFeatures: { jsx } });
  }
  return tsParse(code, { range: true, ecmaFeatures: { jsx } });
}

function get(node: unknown, ...path: (string | number)[]): unknown {
  let cur = node;
  for (const key of path) {
    if (typeof cur !== 'object' || cur === null) return undefined;
    cur = (cur as Record<string | number, unknown>)[key];
  }
  return cur;
}

function rangeOf(node: unknown): [number, number] | undefined {
  const range = get(node, 'range');
  return Array.isArray(range) && typeof range[0] === 'number' && typeof range[1] === 'number'
    ? [range[0], range[1]]
    : undefined;
}

function sameRange(node: unknown, start: number, end: number): boolean {
  const range = rangeOf(node);
  return range !== undefined && range[0] === start && range[1] === end;
}

const STRING_PREFIX = 'x = ';

/** The value of `lit` parsed as one string literal (sloppy script), or null if it does not parse as one. */
function stringValue(lit: string, parser: Parser = 'espree'): string | null {
  try {
    const node = get(parseProgram(`${STRING_PREFIX}${lit};`, parser), 'body', 0, 'expression', 'right');
    const value = get(node, 'value');
    if (get(node, 'type') !== 'Literal' || typeof value !== 'string') return null;
    return sameRange(node, STRING_PREFIX.length, STRING_PREFIX.length + lit.length) ? value : null;
  } catch {
    return null;
  }
}

type TemplateResult = { cooked: string | null } | null;

/** The cooked value of the only quasi of `` tag`content` `` (tagged) or `` x = `content` ``; null if that
 * does not parse as a template with one quasi. */
function templateCooked(content: string, tagged: boolean, parser: Parser = 'espree'): TemplateResult {
  const prefix = tagged ? 'tag' : STRING_PREFIX;
  try {
    const program = parseProgram(`${prefix}\`${content}\`;`, parser);
    const expr = get(program, 'body', 0, 'expression');
    const template = tagged ? get(expr, 'quasi') : get(expr, 'right');
    const quasis = get(template, 'quasis');
    if (get(template, 'type') !== 'TemplateLiteral' || !Array.isArray(quasis) || quasis.length !== 1) return null;
    if (!sameRange(template, prefix.length, prefix.length + content.length + 2)) return null;
    const cooked = get(quasis[0], 'value', 'cooked');
    return { cooked: typeof cooked === 'string' ? cooked : null };
  } catch {
    return null;
  }
}

const JSX_PREFIX = '<a href=';

/** The value of the attribute `lit` (quotes included) in `<a href=lit />`, or null. */
function jsxValue(lit: string, parser: Parser = 'espree'): string | null {
  try {
    const program = parseProgram(`${JSX_PREFIX}${lit} />;`, parser, true);
    const attrs = get(program, 'body', 0, 'expression', 'openingElement', 'attributes');
    if (!Array.isArray(attrs) || attrs.length !== 1) return null;
    const node = get(attrs[0], 'value');
    const value = get(node, 'value');
    if (get(node, 'type') !== 'Literal' || typeof value !== 'string') return null;
    return sameRange(node, JSX_PREFIX.length, JSX_PREFIX.length + lit.length) ? value : null;
  } catch {
    return null;
  }
}

function attempt<T>(f: () => T): T | 'threw' {
  try {
    return f();
  } catch {
    return 'threw';
  }
}

/**
 * Checks a map against the parser, unit by unit: the raw ranges are ordered and lie within the literal's
 * content, each raw slice cooks on its own to the code unit(s) it produced, the raw text between them (line
 * continuations) cooks to nothing, and isEscaped says whether the slice is an escape.
 * `text` is the source the map's offsets refer to; [from, to) the literal's content in it.
 */
function checkUnits(
  map: CookedMap,
  text: string,
  from: number,
  to: number,
  cook: (slice: string) => string | null,
  escapeStart: string,
): void {
  const { value } = map;
  let pos = from;
  let k = 0;
  while (k < value.length) {
    const start = map.rawStart(k);
    const end = map.rawEnd(k);
    let g = k + 1;
    while (g < value.length && map.rawStart(g) === start) {
      expect(map.rawEnd(g)).toBe(end);
      g++;
    }
    expect(start).toBeGreaterThanOrEqual(pos);
    expect(end).toBeGreaterThan(start);
    expect(end).toBeLessThanOrEqual(to);
    if (start > pos) expect(cook(text.slice(pos, start))).toBe('');
    const slice = text.slice(start, end);
    expect(cook(slice)).toBe(value.slice(k, g));
    for (let u = k; u < g; u++) {
      expect(map.isEscaped(u)).toBe(slice.startsWith(escapeStart) && slice.length > 1);
    }
    pos = end;
    k = g;
  }
  if (to > pos) expect(cook(text.slice(pos, to))).toBe('');
}

function checkString(lit: string, offset = 7): void {
  const expected = stringValue(lit);
  const map = attempt(() => mapStringLiteral(lit, offset));
  if (expected === null) {
    expect(map, `${JSON.stringify(lit)} does not parse`).toBe('threw');
    return;
  }
  if (map === 'threw') throw new Error(`mapStringLiteral threw on ${JSON.stringify(lit)}`);
  expect(map.value).toBe(expected);
  expect(map.quote).toBe(lit[0]);
  const q = lit[0] ?? '';
  const padded = ' '.repeat(offset) + lit;
  checkUnits(map, padded, offset + 1, offset + lit.length - 1, (s) => stringValue(q + s + q), '\\');
  // typescript-estree rejects legacy octal escapes; where it parses, it agrees.
  const ts = stringValue(lit, 'typescript');
  if (ts !== null) expect(ts).toBe(map.value);
}

function checkTemplate(content: string, offset = 5): void {
  const tagged = templateCooked(content, true);
  const map = attempt(() => mapTemplateElement(content, offset));
  if (tagged === null) {
    expect(map, `${JSON.stringify(content)} does not parse`).toBe('threw');
    return;
  }
  if (map === 'threw') throw new Error(`mapTemplateElement threw on ${JSON.stringify(content)}`);
  if (tagged.cooked === null) {
    expect(map).toBeUndefined();
    expect(templateCooked(content, false)).toBeNull();
    return;
  }
  if (map === undefined) throw new Error(`mapTemplateElement gave undefined for ${JSON.stringify(content)}`);
  expect(map.value).toBe(tagged.cooked);
  expect(map.quote).toBe('`');
  expect(templateCooked(content, false)).toEqual({ cooked: map.value });
  const padded = ' '.repeat(offset) + content;
  checkUnits(map, padded, offset, offset + content.length, (s) => templateCooked(s, false)?.cooked ?? null, '\\');
  const ts = templateCooked(content, false, 'typescript');
  if (ts !== null) expect(ts).toEqual({ cooked: map.value });
}

function checkJsx(lit: string, offset = 3): void {
  const padded = ' '.repeat(offset) + lit;
  const q = lit[0] ?? '';
  for (const parser of ['espree', 'typescript'] as const) {
    const expected = jsxValue(lit, parser);
    if (parser === 'espree') {
      const plain = attempt(() => mapJsxAttribute(lit, offset));
      if (expected === null) {
        expect(plain, `${JSON.stringify(lit)} does not parse`).toBe('threw');
        continue;
      }
      expect(plain !== 'threw' && plain.value).toBe(expected);
    }
    if (expected === null) continue;
    const map = mapJsxAttribute(lit, offset, expected);
    expect(map.value).toBe(expected);
    expect(map.quote).toBe('jsx');
    checkUnits(map, padded, offset + 1, offset + lit.length - 1, (s) => jsxValue(q + s + q, parser), '&');
  }
}

// ---------------------------------------------------------------------------------------------------------
// Generators

const SPECIAL_CHARS = [
  'a', 'b', 'Z', 'x', 'u', 'n', '0', '1', '3', '4', '7', '8', '9', '$', '{', '}', '`', "'", '"', '\\', '&', ';',
  '#', '%', '/', '?', ' ', '\n', '\r', '\t', '\0', '\b', '\u007f', '\u0085', '\u00a0', 'é', '\u00ff', '\u0100',
  '\u2028', '\u2029', '\u200b', '\u202e', '\ufeff', '\ud83d', '\ude00', '😀', '\u{10ffff}', '中',
];

const charArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SPECIAL_CHARS) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 0x10ffff }).map((cp) => String.fromCodePoint(cp)) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 0xffff }).map((cu) => String.fromCharCode(cu)) },
);

function hexArb(n: number, width: number): fc.Arbitrary<string> {
  return fc.boolean().map((upper) => {
    const h = n.toString(16).padStart(width, '0');
    return upper ? h.toUpperCase() : h;
  });
}

/** Random source spellings of one character in a string literal or template. */
function jsSpelling(ch: string): fc.Arbitrary<string> {
  const cp = ch.codePointAt(0) ?? 0;
  const units = Array.from({ length: ch.length }, (_, i) => ch.charCodeAt(i));
  const options: fc.Arbitrary<string>[] = [
    fc.constant(ch),
    fc.constant('\\' + ch),
    fc.tuple(...units.map((u) => hexArb(u, 4))).map((hs) => hs.map((h) => '\\u' + h).join('')),
    fc
      .tuple(fc.integer({ min: 0, max: 3 }), hexArb(cp, 1))
      .map(([zeros, h]) => `\\u{${'0'.repeat(zeros)}${h}}`),
  ];
  if (cp < 0x100) {
    options.push(hexArb(cp, 2).map((h) => '\\x' + h));
    options.push(fc.integer({ min: 1, max: 3 }).map((w) => '\\' + cp.toString(8).padStart(w, '0')));
  }
  return fc.oneof(...options);
}

const JS_EXTRAS = [
  '\\\n', '\\\r', '\\\r\n', '\\\u2028', '\\\u2029', '\r\n', '\r', '\n', '\\8', '\\9', '\\0', '\\00', '\\08',
  '${', '$', '{', '\\x4', '\\u12', '\\u{110000}', '\\u{}',
];

const jsContentArb: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      { weight: 5, arbitrary: charArb.chain(jsSpelling) },
      { weight: 1, arbitrary: fc.constantFrom(...JS_EXTRAS) },
    ),
    { maxLength: 10 },
  )
  .map((parts) => parts.join(''));

const ENTITY_NAMES = ['amp', 'lt', 'gt', 'quot', 'apos', 'nbsp', 'eacute', 'hellip', 'thetasym', 'euro', 'Aring'];
const JSX_EXTRAS = [
  '&', '&;', '&#;', '&#x;', '&#X41;', '&AMP;', '&bogus;', '&amp', '&#x1F600;', '&#128512;', '&#x0000000041;',
  '&#0000000065;', '&#x10041;', '&#1114112;', '&#0;', '&&amp;', '&#x20;', '&#32;', '\r\n',
];

/** Random source spellings of one character in a JSX attribute string. */
function jsxSpelling(ch: string): fc.Arbitrary<string> {
  const cp = ch.codePointAt(0) ?? 0;
  const options: fc.Arbitrary<string>[] = [
    fc.constant(ch),
    fc.tuple(fc.integer({ min: 0, max: 2 }), hexArb(cp, 1)).map(([z, h]) => `&#x${'0'.repeat(z)}${h};`),
    fc.integer({ min: 0, max: 2 }).map((z) => `&#${'0'.repeat(z)}${cp};`),
  ];
  return fc.oneof(...options);
}

const jsxContentArb: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      { weight: 5, arbitrary: charArb.chain(jsxSpelling) },
      { weight: 1, arbitrary: fc.constantFrom(...ENTITY_NAMES).map((n) => `&${n};`) },
      { weight: 1, arbitrary: fc.constantFrom(...JSX_EXTRAS) },
    ),
    { maxLength: 10 },
  )
  .map((parts) => parts.join(''));

const textArb: fc.Arbitrary<string> = fc.oneof(
  fc.array(charArb, { maxLength: 8 }).map((cs) => cs.join('')),
  fc.string({ unit: 'binary', maxLength: 8 }),
  fc.constantFrom('', '%20', '%C3%A9', '2', '$', '{', ';', 'amp;', '#x41;', '\n', '\r', '${', '😀', '\ude00'),
);

const jsQuoteArb = fc.constantFrom<"'" | '"'>("'", '"');
const jsxQuoteArb = fc.constantFrom<"'" | '"'>("'", '"');

// ---------------------------------------------------------------------------------------------------------
// 1. Ground truth

describe('ground truth from the parsers', () => {
  const strings = [
    "''", '""', "'a'", "'\\x20'", "'\\u0020'", "'\\u{20}'", "'\\u{0000000020}'", "'\\u{1F600}'", "'\\u{10FFFF}'",
    "'\\uD83D\\uDE00'", "'😀'", "'\\😀'", "'a\\\nb'", "'a\\\r\nb'", "'a\\\rb'", "'a\\\u2028b'", "'a\\\u2029b'",
    "'a\u2028b\u2029'", "'\\0'", "'\\08'", "'\\09'", "'\\00'", "'\\000'", "'\\0000'", "'\\377'", "'\\400'",
    "'\\47'", "'\\477'", "'\\1'", "'\\12'", "'\\123'", "'\\1234'", "'\\8\\9'", "'\\a\\c\\d\\e\\z\\%'",
    `"\\'\\""`, "'\\\\'", "'it\\'s'", `"it's"`, `'say "hi"'`, "'\\b\\f\\n\\r\\t\\v'", '"http://x/\\u00e9?q=a\\x20b"',
    "'\\\n'", "'\\\r\n\\\n'", "'a\\\\\\\nb'", "'\\u{0}'", "'\\xff\\xFF'",
    // Rejected:
    "'", "'a", "'a\"", "'\\'", "'a\nb'", "'a\rb'", "'\\x4'", "'\\xg0'", "'\\u12'", "'\\u{110000}'", "'\\u{}'",
    "'\\u{12'", "'a'b'", '`a`', 'a',
  ];
  it.each(strings)('string literal %j', (lit) => checkString(lit));

  const templates = [
    '', 'a', '\\`', '\\${', '$', '$\\{', '$$', '{', '}', '\r\n', '\r', '\n', 'a\r\nb\rc\nd', '\\\r\n', '\\\r',
    '\\\n', '\\\u2028', '\u2028\u2029', '\\0', '\\u{1F600}', '\\uD83D\\uDE00', '😀', "'\"", '\\x20\\u0020',
    'http://x/${', '\\\r\n\r\n',
    // Valid only tagged (cooked undefined):
    '\\1', '\\01', '\\00', '\\8', '\\xZ', '\\x4', '\\u{110000}', '\\u12', '\\u{}', 'a\\1b',
    // Rejected:
    '`', '${', 'a${b', '\\',
  ];
  it.each(templates)('template element %j', (content) => checkTemplate(content));

  const jsx = [
    '""', "''", '"a&amp;b"', "'&#x20;'", '"&#32;"', '"&nbsp;"', '"&amp"', '"&;"', '"&#x;"', `'"'`, `"'"`,
    '"&quot;&apos;&lt;&gt;"', '"a\r\nb"', '"a\rb\nc"', '"&#x1F600;"', '"&#128512;"', '"&#X41;"', '"&AMP;"',
    '"&#x0000000041;"', '"&#000000065;"', '"&#x10041;"', '"&&amp;"', '"&thetasym;"', '"{}>"', '"\\n"',
    '"/?a=1&amp;b=2 3"',
    // Rejected:
    '"', '"a', `"a"b"`,
  ];
  it.each(jsx)('JSX attribute %j', (lit) => checkJsx(lit));

  it('agrees with espree on random string literals', () => {
    fc.assert(
      fc.property(jsContentArb, jsQuoteArb, (content, q) => checkString(q + content + q)),
      { numRuns: 1500 },
    );
  });

  it('agrees with espree on random template elements', () => {
    fc.assert(
      fc.property(jsContentArb, (content) => checkTemplate(content)),
      { numRuns: 1500 },
    );
  });

  it('agrees with espree and typescript-estree on random JSX attribute strings', () => {
    fc.assert(
      fc.property(jsxContentArb, jsxQuoteArb, (content, q) => checkJsx(q + content + q)),
      { numRuns: 300 },
    );
  });

  it('maps the TemplateElement nodes of both parsers, CR LF included', () => {
    const code = 'x = `a\\x20\r\nb${1}\\u{1F600}\\\r\nc${2}${3}`;';
    for (const parser of ['espree', 'typescript'] as const) {
      const quasis = get(parseProgram(code, parser), 'body', 0, 'expression', 'right', 'quasis');
      if (!Array.isArray(quasis)) throw new Error('no quasis');
      expect(quasis).toHaveLength(4);
      for (const quasi of quasis) {
        const range = rangeOf(quasi);
        if (range === undefined) throw new Error('no range');
        const map = mapTemplateElementAt(code, range);
        expect(map?.value).toBe(get(quasi, 'value', 'cooked'));
      }
      const first = mapTemplateElementAt(code, rangeOf(quasis[0]) ?? [0, 0]);
      // "a", " " (\x20), "\n" (CR LF), "b"
      expect(first && [0, 1, 2, 3].map((k) => code.slice(first.rawStart(k), first.rawEnd(k)))).toEqual([
        'a', '\\x20', '\r\n', 'b',
      ]);
    }
  });
});

// ---------------------------------------------------------------------------------------------------------
// 2. escapeFor

describe('escapeFor', () => {
  it('round-trips through string literals, templates and JSX attributes', () => {
    fc.assert(
      fc.property(textArb, (text) => {
        for (const q of ["'", '"'] as const) {
          const lit = q + escapeFor(text, q) + q;
          expect(stringValue(lit)).toBe(text);
          expect(stringValue(lit, 'typescript')).toBe(text);
        }
        expect(templateCooked(escapeFor(text, '`'), false)).toEqual({ cooked: text });
        expect(templateCooked(escapeFor(text, '`'), false, 'typescript')).toEqual({ cooked: text });
        for (const d of ["'", '"'] as const) {
          for (const lit of [d + escapeFor(text, 'jsx', d) + d, d + escapeFor(text, 'jsx') + d]) {
            expect(jsxValue(lit)).toBe(text);
            expect(jsxValue(lit, 'typescript')).toBe(text);
          }
        }
      }),
      { numRuns: 400 },
    );
  });

  it('keeps printable characters literal', () => {
    const printable = fc
      .array(fc.constantFrom('a', 'Z', '0', '9', '%', '/', '?', '#', ':', '@', ' ', '\u00a0', 'é', '中', '😀', '$', '}'))
      .map((cs) => cs.join(''));
    fc.assert(
      fc.property(printable, (text) => {
        for (const q of ["'", '"', '`', 'jsx'] as const) expect(escapeFor(text, q)).toBe(text);
      }),
    );
  });

  it('escapes what each quote needs', () => {
    expect(escapeFor(`a'b"c\\d`, "'")).toBe(`a\\'b"c\\\\d`);
    expect(escapeFor(`a'b"c\\d`, '"')).toBe(`a'b\\"c\\\\d`);
    expect(escapeFor('`${x}$ {', '`')).toBe('\\`\\${x}$ {');
    expect(escapeFor('\n\r\u2028\u2029\t\0\u007f\u202e\ufeff', "'")).toBe(
      '\\n\\r\\u2028\\u2029\\t\\x00\\x7F\\u202E\\uFEFF',
    );
    expect(escapeFor('\ud83d!\u{e0001}', '"')).toBe('\\uD83D!\\uDB40\\uDC01');
    expect(escapeFor(`a&b"c'd\n`, 'jsx')).toBe('a&amp;b&quot;c&apos;d&#x0A;');
    expect(escapeFor(`a&b"c'd`, 'jsx', '"')).toBe(`a&amp;b&quot;c'd`);
    expect(escapeFor(`a&b"c'd`, 'jsx', "'")).toBe(`a&amp;b"c&apos;d`);
  });
});

// ---------------------------------------------------------------------------------------------------------
// 3. replaceCooked

interface Literal {
  /** The whole program. */
  code: string;
  map: CookedMap;
  /** [from, to): the literal's content in `code`. */
  content: [number, number];
  /** The value(s) of the literal(s) in `code` after an edit, in order; the edited one is `index`. */
  reparse: (code: string) => (string | null)[] | null;
  index: number;
}

function applyEdit(code: string, edit: { range: [number, number]; text: string }): string {
  return code.slice(0, edit.range[0]) + edit.text + code.slice(edit.range[1]);
}

function stringLiteral(lit: string): Literal | null {
  if (stringValue(lit) === null) return null;
  const code = `${STRING_PREFIX}${lit};`;
  return {
    code,
    map: mapStringLiteral(lit, STRING_PREFIX.length),
    content: [STRING_PREFIX.length + 1, STRING_PREFIX.length + lit.length - 1],
    reparse: (edited) => {
      const v = stringValue(edited.slice(STRING_PREFIX.length, -1));
      return v === null ? null : [v];
    },
    index: 0,
  };
}

/** `x = \`A${y}B\``, editing quasi `index`. */
function templateLiteral(a: string, b: string, index: number, parser: Parser = 'espree'): Literal | null {
  const code = `${STRING_PREFIX}\`${a}\${y}${b}\`;`;
  const quasisOf = (src: string): unknown[] | null => {
    try {
      const quasis = get(parseProgram(src, parser), 'body', 0, 'expression', 'right', 'quasis');
      return Array.isArray(quasis) && quasis.length === 2 ? quasis : null;
    } catch {
      return null;
    }
  };
  const quasis = quasisOf(code);
  const range = rangeOf(quasis?.[index]);
  if (quasis === null || range === undefined) return null;
  const map = mapTemplateElementAt(code, range);
  if (map === undefined) return null;
  const contentStart = range[0] + 1;
  return {
    code,
    map,
    content: [contentStart, contentStart + (index === 0 ? a : b).length],
    reparse: (edited) => {
      const qs = quasisOf(edited);
      return qs === null ? null : qs.map((q) => {
        const cooked = get(q, 'value', 'cooked');
        return typeof cooked === 'string' ? cooked : null;
      });
    },
    index,
  };
}

function jsxLiteral(lit: string, parser: Parser): Literal | null {
  const value = jsxValue(lit, parser);
  if (value === null) return null;
  const code = `${JSX_PREFIX}${lit} />;`;
  return {
    code,
    map: mapJsxAttribute(lit, JSX_PREFIX.length, value),
    content: [JSX_PREFIX.length + 1, JSX_PREFIX.length + lit.length - 1],
    reparse: (edited) => {
      const v = jsxValue(edited.slice(JSX_PREFIX.length, -' />;'.length), parser);
      return v === null ? null : [v];
    },
    index: 0,
  };
}

/** Checks one replaceCooked edit against the parser; returns the edit. */
function checkEdit(lit: Literal, start: number, end: number, text: string): { range: [number, number]; text: string } {
  const { map, code } = lit;
  const edit = replaceCooked(map, start, end, text);
  const before = lit.reparse(code);
  const after = lit.reparse(applyEdit(code, edit));
  const expected = map.value.slice(0, start) + text + map.value.slice(end);
  expect(before?.[lit.index]).toBe(map.value);
  expect(after, `edit ${JSON.stringify(edit)} of ${JSON.stringify(code)}`).not.toBeNull();
  expect(after?.[lit.index]).toBe(expected);
  // Other quasis of the template keep their values.
  before?.forEach((v, i) => {
    if (i !== lit.index) expect(after?.[i]).toBe(v);
  });
  // The edit stays inside the literal's content and is the source range of the cooked range, widened only
  // to whole escapes and, for a hazard, over one literal character (or, in JSX, a literal "&" and the name
  // characters after it), never over another escape.
  let s = start;
  let e = end;
  const splits = (p: number): boolean => p > 0 && p < map.value.length && map.rawStart(p) === map.rawStart(p - 1);
  while (splits(s)) s--;
  while (splits(e)) e++;
  const [a, b] = sourceRange(map, s, e);
  expect(edit.range[0]).toBeGreaterThanOrEqual(lit.content[0]);
  expect(edit.range[1]).toBeLessThanOrEqual(lit.content[1]);
  expect(edit.range[0]).toBeLessThanOrEqual(a);
  expect(edit.range[1]).toBeGreaterThanOrEqual(b);
  const left = code.slice(edit.range[0], a);
  const right = code.slice(b, edit.range[1]);
  if (map.quote === 'jsx') {
    if (left !== '') expect(left).toMatch(/^&[#0-9a-zA-Z]*$/);
    expect(right).toBe('');
  } else {
    expect(left).toBe('');
    expect(right.length).toBeLessThanOrEqual(1);
    if (right !== '') {
      expect(text).toBe('');
      expect(right).not.toBe('\\');
    }
  }
  return edit;
}

const editArb = <T>(litArb: fc.Arbitrary<T | null>) =>
  fc.tuple(litArb, fc.nat(), fc.nat(), textArb).filter(([lit]) => lit !== null);

function pickRange(length: number, x: number, y: number): [number, number] {
  const i = x % (length + 1);
  const j = y % (length + 1);
  return i <= j ? [i, j] : [j, i];
}

describe('replaceCooked', () => {
  it('edits random string literals exactly', () => {
    const litArb = fc.tuple(jsContentArb, jsQuoteArb).map(([c, q]) => stringLiteral(q + c + q));
    fc.assert(
      fc.property(editArb(litArb), ([lit, x, y, text]) => {
        if (lit === null) return;
        const [start, end] = pickRange(lit.map.value.length, x, y);
        checkEdit(lit, start, end, text);
      }),
      { numRuns: 1500 },
    );
  });

  it('edits random template elements exactly, next to "${" too', () => {
    const litArb = fc
      .tuple(jsContentArb, jsContentArb, fc.integer({ min: 0, max: 1 }))
      .map(([a, b, i]) => templateLiteral(a, b, i));
    fc.assert(
      fc.property(editArb(litArb), ([lit, x, y, text]) => {
        if (lit === null) return;
        const [start, end] = pickRange(lit.map.value.length, x, y);
        checkEdit(lit, start, end, text);
      }),
      { numRuns: 1500 },
    );
  });

  it('edits random JSX attribute strings exactly (espree and typescript-estree)', () => {
    const litArb = fc
      .tuple(jsxContentArb, jsxQuoteArb, fc.constantFrom<Parser>('espree', 'typescript'))
      .map(([c, q, parser]) => jsxLiteral(q + c + q, parser));
    fc.assert(
      fc.property(editArb(litArb), ([lit, x, y, text]) => {
        if (lit === null) return;
        const [start, end] = pickRange(lit.map.value.length, x, y);
        checkEdit(lit, start, end, text);
      }),
      { numRuns: 400 },
    );
  });

  function str(lit: string): Literal {
    const l = stringLiteral(lit);
    if (l === null) throw new Error(`bad literal ${lit}`);
    return l;
  }

  function tpl(a: string, b: string, index: number): Literal {
    const l = templateLiteral(a, b, index);
    if (l === null) throw new Error(`bad template ${a} ${b}`);
    return l;
  }

  function jsx(lit: string, parser: Parser = 'espree'): Literal {
    const l = jsxLiteral(lit, parser);
    if (l === null) throw new Error(`bad JSX ${lit}`);
    return l;
  }

  /** The literal after the edit (the code with the prefix and suffix stripped). */
  function edited(lit: Literal, start: number, end: number, text: string): string {
    return applyEdit(lit.code, checkEdit(lit, start, end, text));
  }

  it('replaces a space written as \\x20 or \\u0020 with %20', () => {
    for (const esc of ['\\x20', '\\u0020', '\\u{20}', '\\040']) {
      const lit = str(`'http://a/b${esc}c\\u00e9'`);
      expect(lit.map.value).toBe('http://a/b cé');
      const edit = replaceCooked(lit.map, 10, 11, '%20');
      expect(lit.code.slice(...edit.range)).toBe(esc);
      expect(edited(lit, 10, 11, '%20')).toBe(`x = 'http://a/b%20c\\u00e9';`);
    }
  });

  it('replaces an é written as \\u00e9 with %C3%A9, keeping the other escapes', () => {
    const lit = str(`"caf\\u00e9\\x2Fmen\\u00FC"`);
    expect(lit.map.value).toBe('café/menü');
    expect(edited(lit, 3, 4, '%C3%A9')).toBe(`x = "caf%C3%A9\\x2Fmen\\u00FC";`);
    expect(edited(lit, 8, 9, '%C3%BC')).toBe(`x = "caf\\u00e9\\x2Fmen%C3%BC";`);
  });

  it('edits the character right after a line continuation, keeping the continuation', () => {
    for (const cont of ['\\\n', '\\\r\n', '\\\r', '\\\u2028']) {
      const lit = str(`'http://a/${cont} b'`);
      expect(lit.map.value).toBe('http://a/ b');
      expect(sourceRange(lit.map, 9, 10)[0]).toBe(lit.content[0] + 9 + cont.length);
      expect(edited(lit, 9, 10, '%20')).toBe(`x = 'http://a/${cont}%20b';`);
      // Inserting at the continuation's cooked position puts the text after it.
      expect(edited(lit, 9, 9, 'X')).toBe(`x = 'http://a/${cont}X b';`);
    }
  });

  it('edits template text next to "${" and keeps "$" "{" apart', () => {
    expect(edited(tpl('http://x/a b', '/c d', 0), 10, 11, '%20')).toBe('x = `http://x/a%20b${y}/c d`;');
    expect(edited(tpl('http://x/a b', '/c d', 1), 2, 3, '%20')).toBe('x = `http://x/a b${y}/c%20d`;');
    // Right before "${" and right after "}".
    expect(edited(tpl('a', 'b', 0), 1, 1, '$')).toBe('x = `a$${y}b`;');
    expect(edited(tpl('a', 'b', 1), 0, 0, '{')).toBe('x = `a${y}{b`;');
    // A "$" before a literal "{", a "{" after a literal "$", and a deletion that would join them.
    expect(edited(tpl('a{', '', 0), 0, 1, '$')).toBe('x = `\\${${y}`;');
    expect(edited(tpl('$a', '', 0), 1, 2, '{')).toBe('x = `$\\{${y}`;');
    expect(edited(tpl('$a{', '', 0), 1, 2, '')).toBe('x = `$\\{${y}`;');
    expect(edited(tpl('a', '', 0), 0, 1, '${')).toBe('x = `\\${${y}`;');
    // A deletion between a literal CR and LF.
    expect(edited(tpl('\ra\n', '', 0), 1, 2, '')).toBe('x = `\r\\n${y}`;');
    expect(edited(tpl('\\\ra\n', '', 0), 0, 1, '')).toBe('x = `\\\r\\n${y}`;');
  });

  it('edits JSX attributes, keeping &amp; and not completing a loose "&"', () => {
    const lit = jsx('"/?a=1&amp;b=2 3"');
    expect(lit.map.value).toBe('/?a=1&b=2 3');
    expect(edited(lit, 9, 10, '%20')).toBe('<a href="/?a=1&amp;b=2%203" />;');
    expect(edited(lit, 5, 6, '&')).toBe('<a href="/?a=1&amp;b=2 3" />;');
    expect(edited(lit, 11, 11, '&c="d"')).toBe('<a href="/?a=1&amp;b=2 3&amp;c=&quot;d&quot;" />;');
    expect(edited(jsx("'it\"s'"), 2, 3, "'")).toBe(`<a href='it&apos;s' />;`);
    expect(edited(jsx('"it\'s"'), 2, 3, '"')).toBe(`<a href="it&quot;s" />;`);
    // "&amp" is not a reference; adding ";" after it must not make it one.
    expect(edited(jsx('"&amp"'), 4, 4, ';')).toBe('<a href="&amp;amp;" />;');
    expect(edited(jsx('"&ampX;"'), 4, 5, '')).toBe('<a href="&amp;amp;" />;');
    expect(edited(jsx('"&#x1F600;"', 'typescript'), 0, 1, 'a')).toBe('<a href="a&#xDE00;" />;');
  });

  it('keeps a legacy octal escape from swallowing a digit', () => {
    expect(edited(str("'\\1a'"), 1, 2, '2')).toBe("x = '\\1\\x32';");
    expect(edited(str("'\\1a2'"), 1, 2, '')).toBe("x = '\\1\\x32';");
    expect(edited(str("'\\0a'"), 1, 2, '8')).toBe("x = '\\0\\x38';");
    expect(edited(str("'\\08'"), 1, 2, '9')).toBe("x = '\\0\\x39';");
    expect(edited(str("'\\8a'"), 1, 2, '1')).toBe("x = '\\81';");
  });

  it('re-writes the other half of an escape that yields a surrogate pair', () => {
    const lit = str("'\\u{1F600}'");
    expect(lit.map.value).toBe('😀');
    expect(lit.map.rawStart(0)).toBe(lit.map.rawStart(1));
    expect(sourceRange(lit.map, 0, 1)).toEqual([5, 14]);
    expect(edited(lit, 0, 1, 'X')).toBe("x = 'X\\uDE00';");
    expect(edited(lit, 1, 2, 'X')).toBe("x = '\\uD83DX';");
    expect(edited(lit, 1, 1, 'X')).toBe("x = '\\uD83DX\\uDE00';");
    expect(edited(lit, 0, 2, '%F0%9F%98%80')).toBe("x = '%F0%9F%98%80';");
  });

  it('rejects bad ranges and foreign maps', () => {
    const lit = str("'abc'");
    expect(() => replaceCooked(lit.map, 2, 1, '')).toThrow(RangeError);
    expect(() => replaceCooked(lit.map, 0, 4, '')).toThrow(RangeError);
    expect(() => sourceRange(lit.map, -1, 0)).toThrow(RangeError);
    expect(() => lit.map.rawStart(3)).toThrow(RangeError);
    const foreign: CookedMap = {
      value: 'a',
      quote: "'",
      rawStart: () => 1,
      rawEnd: () => 2,
      isEscaped: () => false,
      sourceRange: () => [1, 2],
      replace: () => ({ range: [1, 2], text: 'a' }),
    };
    expect(() => sourceRange(foreign, 0, 1)).toThrow(TypeError);
  });
});

// ---------------------------------------------------------------------------------------------------------
// 4. Edge cases

describe('edge cases', () => {
  it('maps empty literals and ranges at the very end', () => {
    for (const q of ["'", '"'] as const) {
      const map = mapStringLiteral(q + q, 10);
      expect(map.value).toBe('');
      expect(sourceRange(map, 0, 0)).toEqual([11, 11]);
      expect(replaceCooked(map, 0, 0, "a'\"b")).toEqual({ range: [11, 11], text: escapeFor("a'\"b", q) });
    }
    const tmpl = mapTemplateElement('', 4);
    expect(tmpl?.value).toBe('');
    expect(tmpl && sourceRange(tmpl, 0, 0)).toEqual([4, 4]);
    const jsx = mapJsxAttribute('""', 8);
    expect(sourceRange(jsx, 0, 0)).toEqual([9, 9]);

    const map = mapStringLiteral("'ab\\x63\\\n'", 0);
    expect(map.value).toBe('abc');
    // The end of the content: before the closing quote, after the trailing line continuation.
    expect(sourceRange(map, 3, 3)).toEqual([9, 9]);
    expect(sourceRange(map, 2, 3)).toEqual([3, 7]);
    expect(sourceRange(map, 0, 3)).toEqual([1, 7]);
    expect(replaceCooked(map, 3, 3, '/')).toEqual({ range: [9, 9], text: '/' });
  });

  it('maps astral characters written literally, as \\u{1F600} and as a \\uD83D\\uDE00 pair', () => {
    const literal = mapStringLiteral("'a😀b'", 0);
    expect(literal.value).toBe('a😀b');
    expect([1, 2].map((k) => [literal.rawStart(k), literal.rawEnd(k), literal.isEscaped(k)])).toEqual([
      [2, 3, false],
      [3, 4, false],
    ]);
    const braced = mapStringLiteral("'a\\u{1F600}b'", 0);
    expect(braced.value).toBe('a😀b');
    expect([1, 2].map((k) => [braced.rawStart(k), braced.rawEnd(k), braced.isEscaped(k)])).toEqual([
      [2, 11, true],
      [2, 11, true],
    ]);
    const pair = mapStringLiteral("'a\\uD83D\\uDE00b'", 0);
    expect(pair.value).toBe('a😀b');
    expect([1, 2].map((k) => [pair.rawStart(k), pair.rawEnd(k)])).toEqual([
      [2, 8],
      [8, 14],
    ]);
    expect(sourceRange(pair, 1, 3)).toEqual([2, 14]);
    const identity = mapStringLiteral("'\\😀'", 0);
    expect([identity.rawStart(1), identity.rawEnd(1)]).toEqual([1, 4]);
    const entity = mapJsxAttribute('"&#x1F600;"', 0, '😀');
    expect([entity.rawStart(1), entity.rawEnd(1)]).toEqual([1, 10]);
    expect(mapJsxAttribute('"&#x1F600;"', 0).value).toBe('\uf600');
  });

  it('knows escapes from literal characters', () => {
    const map = mapStringLiteral("'a\\x62\\c'", 0);
    expect([0, 1, 2].map((k) => map.isEscaped(k))).toEqual([false, true, true]);
    const tmpl = mapTemplateElement('a\r\nb', 0);
    expect(tmpl && [0, 1, 2].map((k) => tmpl.isEscaped(k))).toEqual([false, false, false]);
    const jsx = mapJsxAttribute('"&amp;&"', 0);
    expect([0, 1].map((k) => jsx.isEscaped(k))).toEqual([true, false]);
  });

  it('throws on text that is not a literal', () => {
    for (const bad of ['', "'", 'abc', "'abc\"", '`a`', "'a\nb'", "'a\\'"]) {
      expect(() => mapStringLiteral(bad, 0)).toThrow(SyntaxError);
    }
    for (const bad of ['`', 'a${b', '\\']) expect(() => mapTemplateElement(bad, 0)).toThrow(SyntaxError);
    for (const bad of ['', '"', 'a', '"a\'', '"a"b"']) expect(() => mapJsxAttribute(bad, 0)).toThrow(SyntaxError);
    expect(() => mapJsxAttribute('"&amp;"', 0, 'nope')).toThrow(SyntaxError);
  });
});
