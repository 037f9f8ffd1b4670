/**
 * Components as ESLint reads them (issue 28): every template of an Angular project is Angular,
 * braces a framework writes as they are are reported, Astro's self-closing script inside an
 * expression, and a bound `srcset` read like `srcset`.
 */
import { describe, expect, it } from 'vitest';
import { discoverDocument, sourceKindOf, type SourceKind } from '../../src/document.js';
import { isAngularTemplate, projectSourceKind } from '../../src/formats/angular-project.js';
import { MemoryFileSystem } from '../../src/links/memory-fs.js';
import { ALL_RULES, findingsIn, problemsIn } from '../support/findings.js';

const problems = (text: string, kind: SourceKind): [string | undefined, string][] => problemsIn(text, kind, ALL_RULES);

describe('an Angular project: every template is Angular, whatever its name', () => {
  const GUIDES = '<nav>\n  <a routerLink="/guides#getting started">Getting started</a>\n</nav>\n';

  it('a planted routerLink="/guides#getting started" is found in guides.html of a project with an angular.json', () => {
    const fs = new MemoryFileSystem({ '/repo/angular.json': '{}', '/repo/src/app/guides/guides.html': GUIDES, '/repo/src/app/guides/guides.ts': '' });
    expect(projectSourceKind('/repo/src/app/guides/guides.html', fs)).toBe('angular');
    expect(problems(GUIDES, projectSourceKind('/repo/src/app/guides/guides.html', fs))).toEqual([['fragment-unescaped-char', ' ']]);
    // Read as plain HTML, `routerLink` is no URL attribute: the problem was missed.
    expect(sourceKindOf('/repo/src/app/guides/guides.html')).toBe('html');
    expect(problems(GUIDES, 'html')).toEqual([]);
  });

  it('a templateUrl that names the file', () => {
    const component = "@Component({\n  selector: 'app-guides',\n  templateUrl: './guides.html',\n})\nexport class Guides {}\n";
    const fs = new MemoryFileSystem({ '/repo/.git/HEAD': 'ref: refs/heads/main', '/repo/src/guides.html': GUIDES, '/repo/src/guides.ts': component, '/repo/src/other.html': GUIDES });
    expect(isAngularTemplate('/repo/src/guides.html', fs)).toBe(true);
    expect(isAngularTemplate('/repo/src/other.html', fs)).toBe(false);
  });

  it('HTML outside an Angular project stays HTML', () => {
    const fs = new MemoryFileSystem({ '/site/.git/HEAD': 'x', '/site/index.html': GUIDES, '/angular.json': '{}' });
    // The search stops at the repository's root: an angular.json above it is another project's.
    expect(projectSourceKind('/site/index.html', fs)).toBe('html');
    expect(projectSourceKind('/site/app.ts', fs)).toBe('js');
  });

  it("a whole page in an Angular project is HTML, not a template (spring-petclinic-angular's docs/, compodoc's output)", () => {
    const PAGE = '<!doctype html>\n<html class="no-js" lang="">\n    <head>\n        <meta charset="utf-8">\n        <meta http-equiv="x-ua-compatible" content="ie=edge">\n';
    const fs = new MemoryFileSystem({
      '/repo/angular.json': '{}',
      '/repo/docs/index.html': `${PAGE}<body><li>Run app in browser: <a href="http://server_name/petclinic/">http://server_name/petclinic/</a></li></body></html>\n`,
      '/repo/docs/components/AppComponent.html': `\uFEFF  <!-- generated -->\n<!DOCTYPE html><html><body><pre>{ a: 1 }</pre></body></html>`,
      '/repo/src/index.html': '<html lang="en">\n<head><base href="/"></head>\n<body><app-root></app-root></body>\n</html>\n',
      '/repo/src/app/app.component.html': GUIDES,
    });
    expect(projectSourceKind('/repo/docs/index.html', fs)).toBe('html');
    expect(projectSourceKind('/repo/docs/components/AppComponent.html', fs)).toBe('html');
    expect(projectSourceKind('/repo/src/index.html', fs)).toBe('html');
    expect(projectSourceKind('/repo/src/app/app.component.html', fs)).toBe('angular');
  });
});

describe('literal braces in a quoted attribute are reported (no-unexpanded-template)', () => {
  it('Astro renders href="https://example.com/{dir}" literally', () => {
    const astro = '---\nconst dir = "docs";\n---\n<a href="https://example.com/{dir}">x</a>\n<a href={`https://example.com/${dir}`}>y</a>\n';
    expect(problems(astro, 'astro')).toEqual([['template-unexpanded', '{dir}']]);
  });

  it('Vue renders href="…{{ id }}…" literally', () => {
    const vue = '<template>\n  <a href="https://example.com/users/{{ id }}/posts">x</a>\n  <a :href="`https://example.com/users/${encodeURIComponent(id)}/posts`">y</a>\n  <p>{{ id }}</p>\n</template>\n';
    expect(problems(vue, 'vue')).toEqual([['template-unexpanded', '{{ id }}']]);
  });

  it('Svelte and Angular interpolate their attributes: no report', () => {
    expect(problems('<a href="https://example.com/{dir}">x</a>\n', 'svelte')).toEqual([]);
    expect(problems('<a href="https://example.com/users/{{ id }}/posts">x</a>\n', 'angular')).toEqual([]);
  });
});

describe('Astro: {cond && (<script is:inline src="…" />)}', () => {
  it('is read as astro-eslint-parser reads it, and what follows still checked', () => {
    const astro = '---\nconst cond = true;\n---\n{cond && (<script is:inline src="https://cdn.example.com/a.js" />)}\n<a href="https://example.com/a b">x</a>\n';
    const found = discoverDocument(astro, 'astro');
    expect(found.parseError).toBeUndefined();
    expect(problems(astro, 'astro')).toEqual([['path-unescaped-char', ' ']]);
  });
});

describe('a bound :srcset / [srcset] is read like srcset', () => {
  const read = (text: string, kind: SourceKind): [string, string, string | undefined][] => discoverDocument(text, kind).candidates.map((c) => [c.uri, c.context, c.sink]);

  it('Vue :srcset', () => {
    const vue = '<template>\n  <img :srcset="`http://cdn.github.io/x.png 1x, https://a.example/y%zz.png 2x`" src="/x.png">\n</template>\n';
    expect(read(vue, 'vue')).toEqual([
      ['http://cdn.github.io/x.png', 'attribute', '<img srcset>'],
      ['https://a.example/y%zz.png', 'attribute', '<img srcset>'],
      ['/x.png', 'attribute', '<img src>'],
    ]);
    // Each URL is checked as a URL the page loads, as in a static srcset.
    expect(problems(vue, 'vue')).toEqual([['scheme-insecure', 'http'], ['pct-invalid-triplet', '%zz']]);
  });

  it('Angular [srcset]', () => {
    const html = '<img [srcset]="\'http://cdn.github.io/x.png 1x, https://a.example/y.png 2x\'">\n';
    expect(read(html, 'angular')).toEqual([
      ['http://cdn.github.io/x.png', 'attribute', '<img srcset>'],
      ['https://a.example/y.png', 'attribute', '<img srcset>'],
    ]);
    expect(problems(html, 'angular')).toEqual([['scheme-insecure', 'http']]);
  });
});

describe("Astro's template-literal attribute (the fifth survey's held-out half, withastro/docs)", () => {
  const PR = '---\nconst { number, title } = Astro.props;\n---\n\n<div class="source">\n\t<a href=`https://github.com/withastro/astro/pull/${number}`\n\t\t>{title} (#{number})</a\n\t>\n</div>\n';

  it('is read as a JavaScript template literal: no backtick to encode, no scheme starting with one', () => {
    expect(problems(PR, 'astro')).toEqual([]);
  });

  it('is checked as a URL with its holes', () => {
    const text = PR.replace('astro/pull/${number}', 'astro/pull request/${number}');
    expect(problems(text, 'astro')).toEqual([['path-unescaped-char', ' ']]);
    expect(findingsIn('<a href=`/search?q=${query}`>x</a>\n', 'astro').map((finding) => finding.rule)).toEqual(['no-unencoded-interpolation']);
  });
});

describe("an escaped \\${…} in a template literal (the fifth survey's held-out half, PrimeVue's code samples)", () => {
  const SAMPLE = [
    '<script>',
    'export default {',
    '    data() {',
    '        return {',
    '            code: {',
    '                basic: `',
    '<div class="p-4 text-center">',
    '    <img :src="\\`https://primefaces.org/cdn/primevue/images/nature/nature\\${first + 1}.jpg\\`" :alt="first" class="rounded w-full sm:w-[30rem]" />',
    '</div>',
    '`',
    '            }',
    '        };',
    '    }',
    '};',
    '</script>',
    '',
  ].join('\n');

  it("is the sample's own template hole: nothing to encode, nothing to fix", () => {
    expect(problems(SAMPLE, 'vue')).toEqual([]);
    expect(findingsIn(SAMPLE, 'vue').filter((finding) => finding.fix !== undefined)).toEqual([]);
  });

  it('leaves the rest of the sample checked, and a ${ written as it is in a quoted string', () => {
    expect(problems('const b = `https://example.com/nat%zzure\\${first}.jpg`;\n', 'js')).toEqual([['pct-invalid-triplet', '%zz']]);
    expect(problems("const a = 'https://example.com/a${first + 1}.jpg';\n", 'js')).toEqual([['path-unescaped-char', '{']]);
    expect(problems('const b = `https://example.com/a$\\{first}.jpg`;\n', 'js')).toEqual([]);
  });
});
