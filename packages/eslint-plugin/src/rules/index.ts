import noInvalidPercentEncoding from './no-invalid-percent-encoding.js';
import noMalformed from './no-malformed.js';
import noUnescapedChars from './no-unescaped-chars.js';
import preferNormalized from './prefer-normalized.js';

export const rules = {
  'no-invalid-percent-encoding': noInvalidPercentEncoding,
  'no-malformed': noMalformed,
  'no-unescaped-chars': noUnescapedChars,
  'prefer-normalized': preferNormalized,
};
