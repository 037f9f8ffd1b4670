// Issue 29: links in Django templates. The lines are django/djangoproject.com's
// (djangoproject/templates/fundraising/index.html, members/individualmember_list.html,
// conduct/index.html at 68a439a), quoted verbatim.
import { describe, expect, it } from 'vitest';
import { discoverDocument, sourceKindOf } from '../../src/document.js';
import { MemoryFileSystem } from '../../src/links/memory-fs.js';
import { WorkspaceIndex } from '../../src/links/workspace.js';
import { runDocumentRules, runRules } from '../../src/rules/index.js';

function brokenLinks(files: Record<string, string>, path: string): [string, string][] {
  const index = new WorkspaceIndex(new MemoryFileSystem(files));
  const text = files[path]!;
  const kind = sourceKindOf(path);
  const found = discoverDocument(text, kind, { filePath: path });
  const document = { path, kind, text, links: index };
  const rules = { 'no-broken-links': {} };
  const findings = [...runRules(found.candidates, rules, undefined, document), ...runDocumentRules(document, rules)].sort((a, b) => a.range[0] - b.range[0]);
  return findings.map((f) => [text.slice(...f.range), f.message]);
}

const PAGE = `{% extends "base.html" %}
{% block content %}
        <a href="/foundation/donate/#benevity-giving">Benevity Workplace Giving Program</a> - If your employer participates,
      For more information about membership, see <a href="faq/">the DSF membership FAQ</a>.
  <h2 id="restriced-behaviors">
    {% translate "Restricted Behaviors" %}
    <a class="plink" href="#restricted-behaviors">¶</a>
  </h2>
{% endblock %}
`;

/** The layout the page extends: its ids are the page's too (none of them is the one the page links). */
const BASE = '<!DOCTYPE html>\n<html><body>\n<main id="main-content">{% block content %}{% endblock %}</main>\n</body></html>\n';

describe('links in Django templates (issue 29)', () => {
  it("leaves the URLs of the project's views alone, and still checks the page's own fragments", () => {
    const files = { '/repo/.git/HEAD': 'ref: refs/heads/main\n', '/repo/manage.py': '#!/usr/bin/env python\n', '/repo/foundation/models.py': '', '/repo/djangoproject/templates/base.html': BASE, '/repo/djangoproject/templates/fundraising/index.html': PAGE };
    expect(brokenLinks(files, '/repo/djangoproject/templates/fundraising/index.html')).toEqual([
      ['restricted-behaviors', 'No heading or id "restricted-behaviors" exists in this document.'],
    ]);
  });

  it("looks for a layout's own fragment in the templates that extend it and fill its blocks (pennersr/django-allauth's example project)", () => {
    // examples/regular-django/example/templates/allauth/layouts/base.html: a skip link to the main
    // content, whose id="content" the pages extending the layout write.
    const layout = '<!DOCTYPE html>\n<html>\n    <body class="min-vh-100 d-flex flex-shrink-0 flex-column">\n        <a class="visually-hidden-focusable" href="#content">{% translate "Skip to main content" %}</a>\n        <a href="#footer">footer</a>\n        {% block body %}\n        {% endblock body %}\n    </body>\n</html>\n';
    const entrance = '{% extends "allauth/layouts/base.html" %}\n{% load i18n allauth %}\n{% block body %}\n                        <div id="content" class="p-5">\n{% endblock body %}\n';
    const files = { '/repo/.git/HEAD': 'ref: refs/heads/main\n', '/repo/example/templates/allauth/layouts/base.html': layout, '/repo/example/templates/allauth/layouts/entrance.html': entrance };
    // #footer is in no template that extends it: still reported.
    expect(brokenLinks(files, '/repo/example/templates/allauth/layouts/base.html').map(([text]) => text)).toEqual(['footer']);
  });

  it('reports the same links where no manage.py makes the folder a Django project', () => {
    const files = { '/repo/.git/HEAD': 'ref: refs/heads/main\n', '/repo/foundation/models.py': '', '/repo/site/templates/base.html': BASE, '/repo/site/templates/fundraising/index.html': PAGE };
    expect(brokenLinks(files, '/repo/site/templates/fundraising/index.html').map(([text]) => text)).toEqual(['/foundation/donate/', 'faq/', 'restricted-behaviors']);
  });
});
