/**
 * `slack.ts` in a browser build, whose first load has a size budget: the playground reads a YAML
 * snippet's `<URL|text>` as RFC 3986 Appendix C reads `<…>`, the whole of it the URL, even in a
 * workflow that posts to Slack.
 */
export function slackLinks(text: string): string {
  return text;
}
