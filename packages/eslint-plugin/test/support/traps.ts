/**
 * Strings every real codebase has that look like URIs, or hold one, and must
 * not be reported by any urilint rule (issue 5's list of false-positive traps).
 * Every rule test spreads them into its valid cases.
 */
export const FALSE_POSITIVE_TRAPS: readonly string[] = [
  // XML namespace names are identifiers, not fetched links.
  '<svg xmlns="http://www.w3.org/2000/svg" />',
  'document.createElementNS("http://www.w3.org/2000/svg", "svg")',
  // RFC 6570 URI templates, expanded later.
  'const template = "https://api.github.com/repos/{owner}/{repo}"',
  // Regular expressions in strings.
  'const re = new RegExp("https?://[^/]+")',
  // Prose that contains a URL.
  'const prose = "See https://example.com/docs for details."',
  // Prefix checks and concatenations.
  'if (url.startsWith("https://")) {}',
  'const u = "https://" + host',
  // Headers, Windows paths and e-mail addresses.
  'const header = "Content-Type: text/html"',
  'const path = "C:\\\\Users\\\\me"',
  'const mail = "user@example.com"',
];
