// The same kind of configuration as src/config.ts, with only correct URIs and
// the strings a URI linter must not mistake for broken URIs.

export const API_BASE = 'https://api.example.com/v2';
export const CDN_BASE = 'https://cdn.example.com/assets';

export const ENDPOINTS = {
  development: 'http://localhost:3000/api',
  staging: 'http://[2001:db8::1]/api',
  production: 'https://api.example.com/v2',
  metrics: 'http://[2001:db8::7]:8080/status',
  directory: 'ldap://[2001:db8::7]/c=GB?objectClass?one',
};

export const LINKS = {
  menu: 'https://example.com/caf%C3%A9/menu',
  install: 'https://example.com/help#install-linux',
  guide: 'https://example.com/downloads/100%25-free-guide.pdf',
  wiki: 'https://user%40corp.example@intranet.example.com/wiki',
  search: 'https://example.com/search?q=%E6%97%A5%E6%9C%AC',
  support: 'mailto:support@example.com?subject=Bug%20report',
  spec: 'urn:oasis:names:specification:docbook:dtd:xml:4.1.2',
  logo: '../images/logo.svg',
};

// RFC 6570 URI Templates: "{owner}" is filled in later.
export const GITHUB_REPO = 'https://api.github.com/repos/{owner}/{repo}';
export const GITHUB_ISSUES = 'https://api.github.com/repos/{owner}/{repo}/issues{?state,labels}';

// XML namespace names: identifiers compared character by character, never fetched.
export const SVG_NS = 'http://www.w3.org/2000/svg';
export const XLINK_NS = 'http://www.w3.org/1999/xlink';
export const ATOM_NS = 'http://www.w3.org/2005/Atom';

// Strings that only look a little like URIs.
export const CONTENT_TYPE_HEADER = 'Content-Type: text/html';
export const CACHE_HEADER = 'Cache-Control: max-age=3600, public';
export const DOWNLOAD_DIR = 'C:\\Users\\Public\\Downloads';
export const CONTACT = 'user@example.com';
export const SHOW_TIME = '12:30';
export const HELP_TEXT = 'Something went wrong. See https://status.example.com for updates, or write to support@example.com.';
export const URL_PATTERN = new RegExp('https?://[^\\s/$.?#].[^\\s]*', 'i');
export const LINK_PATTERN = /https?:\/\/[\w.-]+(?:\/[^\s]*)?/g;
