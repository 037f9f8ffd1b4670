import noBrokenLinks from './no-broken-links.js';
import noCredentials from './no-credentials.js';
import noDeceptiveAuthority from './no-deceptive-authority.js';
import noInsecureScheme from './no-insecure-scheme.js';
import noInvalidPercentEncoding from './no-invalid-percent-encoding.js';
import noMalformed from './no-malformed.js';
import noNonCanonicalIp from './no-non-canonical-ip.js';
import noParserDifferential from './no-parser-differential.js';
import noScriptUrl from './no-script-url.js';
import noUnencodedInterpolation from './no-unencoded-interpolation.js';
import noUnescapedChars from './no-unescaped-chars.js';
import noUnexpandedTemplate from './no-unexpanded-template.js';
import noUnknownScheme from './no-unknown-scheme.js';
import preferNormalized from './prefer-normalized.js';
import requireScheme from './require-scheme.js';
import validSchemeSpecific from './valid-scheme-specific.js';

export const rules = {
  'no-broken-links': noBrokenLinks,
  'no-credentials': noCredentials,
  'no-deceptive-authority': noDeceptiveAuthority,
  'no-insecure-scheme': noInsecureScheme,
  'no-invalid-percent-encoding': noInvalidPercentEncoding,
  'no-malformed': noMalformed,
  'no-non-canonical-ip': noNonCanonicalIp,
  'no-parser-differential': noParserDifferential,
  'no-script-url': noScriptUrl,
  'no-unencoded-interpolation': noUnencodedInterpolation,
  'no-unescaped-chars': noUnescapedChars,
  'no-unexpanded-template': noUnexpandedTemplate,
  'no-unknown-scheme': noUnknownScheme,
  'prefer-normalized': preferNormalized,
  'require-scheme': requireScheme,
  'valid-scheme-specific': validSchemeSpecific,
};
