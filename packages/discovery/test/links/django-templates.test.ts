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

/** opencve/opencve's CVE page (web/cves/templates/ at bd7eb22): its section navigation and summary are includes that link the page's sections. */
const OPENCVE: Record<string, string> = {
  'cves/cve_detail.html': "{% extends \"base.html\" %}\n{% load static %}\n{% load humanize %}\n{% load opencve_extras %}\n\n{% block title %}{{ cve.cve_id }} - Vulnerability Details - OpenCVE{% endblock %}\n\n{% block meta_description %}{{ cve.description }}{% endblock %}\n\n{% block navbar_title%}<a href=\"{% url 'cve' cve_id=cve.cve_id %}\" class=\"navbar-title-cve-link\">{{ cve.cve_id }}</a>{% if cve.title %}<small><i> - {{ cve.title }}</i></small>{% endif %}{% endblock %}\n\n{% block content %}\n\n<section class=\"content\">\n    <div class=\"row\">\n        <div class=\"col-md-9\">\n            <div class=\"cve-description-summary-wrapper\" id=\"cve-overview\">\n                <div class=\"row cve-description-summary-row\">\n                    <div class=\"col-md-8 cve-description-col\">\n                        {% include \"cves/includes/description.html\" %}\n                    </div>\n                    <div class=\"col-md-4 cve-summary-col\">\n                        {% include \"cves/includes/summary.html\" %}\n                    </div>\n                </div>\n            </div>\n\n            {% include \"cves/includes/analysis.html\" %}\n\n            {% include \"cves/includes/vendors_products.html\" %}\n\n            {% include \"cves/includes/remediation.html\" %}\n\n            {% include \"cves/includes/tracking.html\" %}\n\n            {% include \"cves/includes/advisories.html\" %}\n\n            {% include \"cves/metrics/base.html\" %}\n\n            {% include \"cves/includes/references.html\" %}\n\n            {% include \"cves/includes/history.html\" %}\n        </div>\n\n        <div class=\"col-md-3\">\n            {% include \"cves/includes/section_nav.html\" %}\n        </div>\n    </div>\n</section>\n{% endblock %}\n",
  'cves/includes/section_nav.html': "<div class=\"box box-primary\">\n    <div class=\"box-body cve-section-nav-body\">\n        <div class=\"cve-section-nav-row\">\n            <nav class=\"cve-section-nav\" aria-label=\"Page sections\">\n            <a href=\"#cve-overview\" class=\"cve-section-nav-item\" data-toggle=\"tooltip\" data-container=\"body\" title=\"Description &amp; summary\">\n                <i class=\"fa fa-file-text-o\" aria-hidden=\"true\"></i>\n            </a>\n            <a href=\"#cve-analysis\" class=\"cve-section-nav-item\" data-toggle=\"tooltip\" data-container=\"body\" title=\"Analysis\">\n                <i class=\"fa fa-lightbulb-o\" aria-hidden=\"true\"></i>\n            </a>\n            <a href=\"#cve-affected\" class=\"cve-section-nav-item\" data-toggle=\"tooltip\" data-container=\"body\" title=\"Affected products\">\n                <i class=\"fa fa-cubes\" aria-hidden=\"true\"></i>\n            </a>\n            <a href=\"#cve-remediation\" class=\"cve-section-nav-item\" data-toggle=\"tooltip\" data-container=\"body\" title=\"Remediation\">\n                <i class=\"fa fa-wrench\" aria-hidden=\"true\"></i>\n            </a>\n            <a href=\"#cve-tracking\" class=\"cve-section-nav-item\" data-toggle=\"tooltip\" data-container=\"body\" title=\"Tracking\">\n                <i class=\"fa fa-list-alt\" aria-hidden=\"true\"></i>\n            </a>\n            <a href=\"#cve-advisories\" class=\"cve-section-nav-item\" data-toggle=\"tooltip\" data-container=\"body\" title=\"Advisories\">\n                <i class=\"fa fa-bullhorn\" aria-hidden=\"true\"></i>\n            </a>\n            <a href=\"#cve-metrics\" class=\"cve-section-nav-item\" data-toggle=\"tooltip\" data-container=\"body\" title=\"Metrics\">\n                <i class=\"fa fa-bar-chart\" aria-hidden=\"true\"></i>\n            </a>\n            <a href=\"#cve-references\" class=\"cve-section-nav-item\" data-toggle=\"tooltip\" data-container=\"body\" title=\"References\">\n                <i class=\"fa fa-link\" aria-hidden=\"true\"></i>\n            </a>\n            <a href=\"#cve-history\" class=\"cve-section-nav-item\" data-toggle=\"tooltip\" data-container=\"body\" title=\"History\">\n                <i class=\"fa fa-history\" aria-hidden=\"true\"></i>\n            </a>\n            </nav>\n        </div>\n    </div>\n</div>\n",
  'cves/includes/summary.html': "                <span class=\"cve-summary-label\">Score:</span>\n                <span class=\"cve-summary-value\">\n                    {% if cvss_score != None %}\n                    <a href=\"#cve-metrics\" class=\"cve-summary-cvss-link\" data-toggle=\"tooltip\" data-container=\"body\" title=\"{{ cvss_version }}\"><span class=\"label label-{{ cvss_score|cvss_level }}\">{{ cvss_score }} {{ cvss_score|cvss_human_score|title }}</span></a>\n                    {% else %}\n",
  'cves/metrics/base.html': "{% load opencve_extras %}\n\n{# Get the active CVSS tab #}\n{% get_active_cvss_tab cve as active_cvss_tab %}\n\n<div class=\"nav-tabs-custom nav-tabs-primary\" id=\"cve-metrics\">\n</div>\n",
  'cves/includes/analysis.html': "{% load static %}\n{% load opencve_extras %}\n\n<div class=\"box box-primary\" id=\"cve-analysis\">\n</div>\n",
  'cves/includes/vendors_products.html': "{% load static %}\n{% load opencve_extras %}\n\n<div class=\"nav-tabs-custom nav-tabs-primary\" id=\"cve-affected\">\n</div>\n",
  'cves/includes/remediation.html': "{% load opencve_extras %}\n\n<div class=\"box box-primary\" id=\"cve-remediation\">\n</div>\n",
  'cves/includes/tracking.html': "<div class=\"box box-primary\" id=\"cve-tracking\">\n</div>\n",
  'cves/includes/advisories.html': "{% load opencve_extras %}\n\n<div class=\"box box-primary\" id=\"cve-advisories\">\n</div>\n",
  'cves/includes/references.html': "{% load static %}\n<div class=\"box box-primary\" id=\"cve-references\">\n</div>\n",
  'cves/includes/history.html': "{% load opencve_extras %}\n\n<div class=\"box box-primary\" id=\"cve-history\">\n</div>\n",
  'cves/includes/description.html': "<div class=\"box box-primary\">\n</div>\n",
};

describe("an include's fragments in the pages that include it (issue 29, opencve)", () => {
  const files = (more: Record<string, string> = {}): Record<string, string> => ({
    '/repo/.git/HEAD': 'ref: refs/heads/main\n',
    '/repo/web/manage.py': '',
    ...Object.fromEntries(Object.entries({ ...OPENCVE, ...more }).map(([name, text]) => [`/repo/web/cves/templates/${name}`, text])),
  });

  it('finds the ids the including page writes, and those of the templates it includes, for a part with no tag of its own', () => {
    // section_nav.html has no template tag; #cve-overview is cve_detail.html's own id, #cve-metrics is in cves/metrics/base.html, which it includes.
    expect(brokenLinks(files(), '/repo/web/cves/templates/cves/includes/section_nav.html')).toEqual([]);
    expect(brokenLinks(files(), '/repo/web/cves/templates/cves/includes/summary.html')).toEqual([]);
  });

  it('still reports an id that no page including the part writes, and a part no template includes', () => {
    const nav = `${OPENCVE['cves/includes/section_nav.html']!}<a href="#cve-epss">EPSS</a>\n`;
    expect(brokenLinks(files({ 'cves/includes/section_nav.html': nav }), '/repo/web/cves/templates/cves/includes/section_nav.html').map(([text]) => text)).toEqual(['cve-epss']);
    expect(brokenLinks(files({ 'cves/includes/unused_nav.html': nav }), '/repo/web/cves/templates/cves/includes/unused_nav.html').map(([text]) => text)).toEqual([
      'cve-overview', 'cve-analysis', 'cve-affected', 'cve-remediation', 'cve-tracking', 'cve-advisories', 'cve-metrics', 'cve-references', 'cve-history', 'cve-epss',
    ]);
  });
});
