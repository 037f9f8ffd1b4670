import { diagnostic } from './diagnostic.js';
import type { Component, Diagnostic, Span } from './types.js';

/**
 * An RFC 6570 expression: `{` [ operator ] variable-list `}`, with
 * `operator = "+" / "#" / "." / "/" / ";" / "?" / "&"` (and the reserved
 * `= , ! @ |`), `varname = varchar *( ["."] varchar )` and modifiers `:max-length` or `*`.
 */
const EXPRESSION = /\{[+#./;?&=,!@|]?[A-Za-z0-9_%.]+(?::[0-9]+|\*)?(?:,[A-Za-z0-9_%.]+(?::[0-9]+|\*)?)*\}/g;

/**
 * The RFC 6570 URI Template expressions in `text` (`{owner}`, `{?page,per_page}`):
 * places a value is filled in later, so not characters of the URI as written.
 */
export function findUriTemplateExpressions(text: string): Span[] {
  const spans: Span[] = [];
  for (const match of text.matchAll(EXPRESSION)) spans.push({ start: match.index, end: match.index + match[0].length });
  return spans;
}

/** `text` with each RFC 6570 expression replaced by `value`: a template as one of its expansions. */
export function expandUriTemplate(text: string, value = 'x'): string {
  return text.replace(EXPRESSION, value);
}

/**
 * `template-unexpanded` for each RFC 6570 expression of `template` (`/users/{userId}/repos`): for a
 * string that goes to a request as it is written (`fetch("…/{userId}")`), where nothing expands it.
 * `component` names where the expression stands, for the message (default: the path).
 */
export function checkUnexpandedTemplate(template: string, component: Component = 'path'): Diagnostic[] {
  return findUriTemplateExpressions(template).map(({ start, end }) => {
    const expression = template.slice(start, end);
    const sent = expression.replace(/[{}]/g, (brace) => (brace === '{' ? '%7B' : '%7D'));
    return diagnostic(
      'template-unexpanded',
      start,
      end,
      component,
      `"${expression}" is an RFC 6570 template expression, but nothing expands it before the request: it is sent as "${sent}". Put the value in (a template literal, or a URI-template library).`,
    );
  });
}
