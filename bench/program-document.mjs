// The Python and Go documents of languages.bench.mjs: generated from a seeded PRNG, the same on every
// run. A service module of each language: HTTP clients calling `requests`/`httpx` or `net/http` with
// URL literals, format strings and concatenations, config tables, regular expressions, SQL, log
// formats, docstrings and comments with links; about one URI every 5–10 lines, a few percent of
// them with a problem (a space, `%zz`, `|`).
import { mulberry32 } from './random.mjs';

const WORDS = ['users', 'orders', 'invoices', 'products', 'teams', 'projects', 'reports', 'sessions', 'comments', 'files', 'webhooks', 'events', 'settings', 'payments', 'accounts', 'tags', 'notifications', 'billing', 'profiles', 'exports', 'audits', 'members', 'plans', 'coupons'];
const HOSTS = ['api.example.com', 'cdn.example.net', 'auth.example.org', 'status.example.io', 'hooks.example.dev', 'img.example.com', 'assets.example-cdn.com', 'app.example.com'];
const DOC_PAGES = ['https://docs.python.org/3/library/urllib.parse.html', 'https://pkg.go.dev/net/url#Parse', 'https://www.rfc-editor.org/rfc/rfc3986#section-3.3', 'https://requests.readthedocs.io/en/latest/user/quickstart/', 'https://github.com/psf/requests/issues/6028'];
// The problems planted in a few URIs, each kept out of any URL-shaped literal of this script.
const SPACE = ' ';
const BAD_ESCAPE = '%' + 'zz';
const PIPE = '|';

function generator(seed) {
  const random = mulberry32(seed);
  const int = (min, max) => min + Math.floor(random() * (max - min + 1));
  const pick = (items) => items[int(0, items.length - 1)];
  const chance = (p) => random() < p;
  const cap = (word) => word[0].toUpperCase() + word.slice(1);
  let planted = 0;
  const maybeBad = (uri) => {
    if (!chance(0.035)) return uri;
    planted++;
    const kind = int(0, 2);
    if (kind === 0) return `${uri}/annual${SPACE}report.pdf`;
    if (kind === 1) return `${uri}?ref=a${BAD_ESCAPE}b`;
    return `${uri}?fields=id${PIPE}name`;
  };
  const host = () => (chance(0.3) ? `${pick(WORDS)}-${int(1, 999)}.example.com` : pick(HOSTS));
  const scheme = () => (chance(0.04) ? 'http' : 'https');
  const url = () => maybeBad(`${scheme()}://${host()}/v${int(1, 3)}/${pick(WORDS)}`);
  return { int, pick, chance, cap, url, host, planted: () => planted };
}

/** Fills `lines` up to exactly `count` with comment lines (`prefix`), or cuts it there. */
function fit(lines, count, prefix) {
  while (lines.length < count) lines.push(`${prefix} padding line ${lines.length}`);
  return lines.slice(0, count);
}

/** A Python module of exactly `lineCount` lines. */
export function generatePython(lineCount, seed) {
  const g = generator(seed);
  const lines = ['"""A generated service client (urilint benchmark)."""', 'import logging', 'import re', 'import requests', 'import httpx', 'from urllib.parse import quote, urlencode', '', 'log = logging.getLogger(__name__)', ''];
  let section = 0;
  while (lines.length < lineCount - 40) {
    const word = g.pick(g.chance(0.5) ? ['users', 'orders', 'teams'] : ['reports', 'files', 'events', 'plans']);
    const name = `${g.cap(word)}Client${section++}`;
    lines.push(
      `BASE_${section} = "${g.url()}"`,
      `PATTERN_${section} = re.compile(r"^/${word}/(\\d+)/?$")`,
      `QUERY_${section} = "SELECT id, name FROM ${word} WHERE id = %s AND team = %(team)s"`,
      '',
      '',
      `class ${name}:`,
      `    """Calls the ${word} API. See ${g.pick(DOC_PAGES)} for the paths."""`,
      '',
      `    endpoints = {"list": "${g.url()}", "docs": "${g.pick(DOC_PAGES)}", "name": "${word}"}`,
      '',
      '    def __init__(self, session=None, timeout=10):',
      '        self.session = session or requests.Session()',
      '        self.timeout = timeout',
      `        self.base = BASE_${section}`,
      '',
      '    def get(self, item_id):',
      `        # ${g.url()}/{id} returns one item`,
      `        response = requests.get(f"${g.url()}/{item_id}", timeout=self.timeout)`,
      `        log.info("fetched %s from %s in %.2fs", item_id, "${g.host()}", 0.1)`,
      '        return response.json()',
      '',
      '    def search(self, term, page=1):',
      `        url = "${g.url()}/search?q={}&page={}".format(quote(term), page)`,
      '        return self.session.get(url, params={"limit": 50}).json()',
      '',
      '    async def stream(self, key):',
      '        async with httpx.AsyncClient() as client:',
      `            return await client.get("${g.url()}/" + quote(key) + "?stream=1")`,
      '',
      '    def report(self, team):',
      `        path = "/${word}/%s/report" % team`,
      `        return self.session.post("${g.url()}" + path, data={"format": "csv"})`,
      '',
      '    def windows_path(self):',
      `        return "C:\\\\Users\\\\${word}\\\\AppData\\\\${g.cap(word)}.ini"`,
      '',
    );
  }
  const text = fit(lines, lineCount, '#');
  return { text: `${text.join('\n')}\n`, planted: g.planted() };
}

/** A Go file of exactly `lineCount` lines. */
export function generateGo(lineCount, seed) {
  const g = generator(seed);
  const lines = ['// Package client is a generated service client (urilint benchmark).', 'package client', '', 'import (', '\t"fmt"', '\t"log"', '\t"net/http"', '\t"net/url"', '\t"regexp"', ')', ''];
  let section = 0;
  while (lines.length < lineCount - 40) {
    const word = g.pick(g.chance(0.5) ? ['users', 'orders', 'teams'] : ['reports', 'files', 'events', 'plans']);
    const name = `${g.cap(word)}Client${section++}`;
    lines.push(
      `const base${section} = "${g.url()}"`,
      '',
      `var pattern${section} = regexp.MustCompile(\`^/${word}/(\\d+)/?$\`)`,
      '',
      `// ${name} calls the ${word} API; see ${g.pick(DOC_PAGES)}.`,
      `type ${name} struct {`,
      '\tHTTP    *http.Client',
      '\tBase    string',
      `\tDocs    string \`json:"docs" default:"${g.pick(DOC_PAGES)}"\``,
      '}',
      '',
      `// Get fetches one item from ${g.url()}/{id}.`,
      `func (c *${name}) Get(id int) (*http.Response, error) {`,
      `\treturn c.HTTP.Get(fmt.Sprintf("${g.url()}/%d", id))`,
      '}',
      '',
      `func (c *${name}) Search(term string, page int) (*http.Response, error) {`,
      `\tu := "${g.url()}/search?q=" + url.QueryEscape(term) + fmt.Sprintf("&page=%d", page)`,
      `\tlog.Printf("searching %s on %s", term, "${g.host()}")`,
      '\treturn http.Get(u)',
      '}',
      '',
      `func (c *${name}) Parse() (*url.URL, error) {`,
      `\treturn url.Parse("${g.url()}")`,
      '}',
      '',
      `func (c *${name}) Query() string {`,
      `\treturn \`SELECT id, name FROM ${word} WHERE id = $1 AND team = $2\``,
      '}',
      '',
      `func (c *${name}) Raw() string {`,
      `\treturn \`${g.url()}/raw?x=1\``,
      '}',
      '',
    );
  }
  const text = fit(lines, lineCount, '//');
  return { text: `${text.join('\n')}\n`, planted: g.planted() };
}
