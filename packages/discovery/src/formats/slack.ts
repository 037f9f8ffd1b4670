/**
 * A workflow that posts to Slack (a step that uses a Slack action, `slackapi/slack-github-action`,
 * `hashicorp/actions-slack-status`, or a script that calls its webhooks) writes Slack's links,
 * `<URL|text>`, whose text follows the `|`
 * (https://api.slack.com/reference/surfaces/formatting#linking-urls). Its text is read with each
 * link's `|text>` written as `>` and white space of the same length, so that the URL found ends
 * before the `|` and every offset stays; any other text is returned as it is.
 */
export function slackLinks(text: string): string {
  if (!/\buses:.*slack|hooks\.slack\.com/i.test(text)) return text;
  return text.replace(/(<\w+:[^<>|\n]*)\|[^<>\n]*>/g, (link, url: string) => url + '>'.padEnd(link.length - url.length));
}
