import { RULE_CHECKS, SLUG_STYLES } from '@urilint/discovery';
import { checkListeners } from '../check-rule.js';
import { createRule } from '../create-rule.js';

const check = RULE_CHECKS['no-broken-links'];

export default createRule({
  name: 'no-broken-links',
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow relative links to files, headings and lines that do not exist, and reference links to undefined labels (Markdown and HTML)',
      recommended: check.recommended,
      strict: check.strict,
    },
    fixable: 'code',
    hasSuggestions: true,
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string', description: 'The folder site-absolute links (`/docs/x.md`) start from, relative to the repository root (default: the site generator\'s, else the root).' },
          routes: {
            type: 'object',
            additionalProperties: { type: 'string' },
            description: 'URL prefixes mapped to folders relative to the repository root: `{ "/docs/": "website/docs/" }`.',
          },
          generatedPages: { type: 'boolean', description: 'A missing `x.html` whose `x.md` exists is fine, and a route without extension finds its page (default true).' },
          generator: {
            type: 'string',
            enum: ['auto', 'none', 'vitepress', 'docusaurus', 'mkdocs', 'mdbook', 'jekyll', 'hugo', 'astro', 'eleventy', 'nextjs', 'vite'],
            description: 'The site generator whose routes and heading ids apply: `auto` (recognised from its files, the default), `none` (as GitHub renders), or one by name.',
          },
          slugStyle: { type: 'string', enum: ['auto', ...SLUG_STYLES], description: 'How headings become ids: `auto` (the generator\'s, else GitHub\'s) or a style.' },
          customIds: { type: 'array', items: { type: 'string' }, description: "Regular expressions for a site's own heading-id syntax, matched on the heading's line; the first group is the id." },
        },
        additionalProperties: false,
      },
    ],
    defaultOptions: [check.defaultOptions],
    messages: check.messages,
  },
  defaultOptions: [check.defaultOptions],
  create: checkListeners(check),
});
