/**
 * Heuristics for text that a reader takes for a host name: the userinfo of a
 * semantic attack (RFC 3986 §7.6) and abbreviated URIs (`example.com/x`).
 */

/**
 * Top-level labels common enough that two labels ending in one read as a host
 * (`trusted.example`); a name like `john.doe` does not. Three or more labels
 * (`www.example.com`) read as a host whatever the last one is.
 */
const COMMON_TLDS = new Set([
  'com', 'net', 'org', 'edu', 'gov', 'mil', 'int', 'info', 'biz', 'io', 'co', 'ai', 'app', 'dev', 'me',
  'us', 'uk', 'de', 'fr', 'it', 'es', 'nl', 'be', 'ch', 'at', 'se', 'no', 'dk', 'fi', 'pl', 'cz', 'ru',
  'ua', 'cn', 'jp', 'kr', 'in', 'au', 'nz', 'ca', 'br', 'mx', 'ar', 'za', 'eu', 'tv', 'cc', 'xyz',
  'online', 'site', 'cloud', 'tech', 'shop', 'store', 'bank', 'example', 'test', 'invalid',
  'localhost', 'local', 'internal', 'corp', 'lan', 'home',
]);

/** Extensions of files, so that `style.css` and `index.html` are not taken for hosts. */
const FILE_EXTENSIONS = new Set([
  'html', 'htm', 'xhtml', 'css', 'js', 'mjs', 'cjs', 'ts', 'tsx', 'jsx', 'json', 'xml', 'txt', 'md',
  'pdf', 'png', 'jpg', 'jpeg', 'gif', 'svg', 'webp', 'avif', 'ico', 'bmp', 'php', 'asp', 'aspx', 'jsp',
  'cgi', 'zip', 'gz', 'tgz', 'tar', 'mp3', 'mp4', 'webm', 'ogg', 'wav', 'woff', 'woff2', 'ttf', 'otf',
  'map', 'yaml', 'yml', 'csv', 'wasm', 'exe', 'dmg', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx',
]);

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const DOTTED_QUAD = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/**
 * True when `text` reads as a DNS name or dotted IPv4 address: `localhost`,
 * `10.0.0.1`, `www.example.com`, `trusted.example`. Not `user`, `john.doe`,
 * `style.css`, `v1.2`.
 */
export function looksLikeHostname(text: string): boolean {
  const name = text.toLowerCase().replace(/\.$/, '');
  if (name === 'localhost' || DOTTED_QUAD.test(name)) return true;
  if (name.length > 253) return false;
  const labels = name.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return false;
  const tld = labels[labels.length - 1]!;
  if (!/^[a-z]{2,63}$/.test(tld) || FILE_EXTENSIONS.has(tld)) return false;
  return labels.length >= 3 || COMMON_TLDS.has(tld);
}

/** The leading run of host characters of `text` (letters, digits, `.`, `-`). */
export function leadingHostToken(text: string): string {
  const match = /^[A-Za-z0-9.-]*/.exec(text);
  return match === null ? '' : match[0];
}
