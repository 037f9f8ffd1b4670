// Endpoints and links of the shop's front end, by environment.

export type Environment = 'development' | 'staging' | 'production';

export const API_BASE = 'https://api.example.com/v2';
export const CDN_BASE = 'https://cdn.example.com/assets';
export const DOCS_URL = 'https://docs.example.com/getting-started';

export const ENDPOINTS: Record<Environment, string> = {
  development: 'http://localhost:3000/api',
  // planted: an unbracketed IPv6 host (RFC 3986 requires "[2001:db8::1]")
  staging: 'http://2001:db8::1/api',
  production: 'https://api.example.com/v2',
};

export const HEALTH_CHECKS = {
  // planted: a bad IPv6 literal ("::" twice)
  primary: 'http://[2001:db8::7::1]:8080/status',
  secondary: 'http://[2001:db8::7]:8080/status',
  // planted: a bad port ("21a" is not a number)
  files: 'ftp://ftp.example.com:21a/files',
};

export const LINKS = {
  // planted: non-ASCII in the path ("é")
  menu: 'https://example.com/café/menu',
  // planted: a second "#" in the fragment
  install: 'https://example.com/help#install#linux',
  // planted: a "%" not followed by two hex digits ("100%")
  guide: 'https://example.com/downloads/100%-free-guide.pdf',
  // planted: "@" twice in the authority (user@corp.example@intranet…)
  wiki: 'https://user@corp.example@intranet.example.com/wiki',
  // planted: a triplet typo, the letter O for the digit 0 in "%2O"
  report: 'https://example.com/files/annual%2Oreport.pdf',
};

export const FEATURE_FLAGS = {
  newCheckout: true,
  betaSearch: false,
};
