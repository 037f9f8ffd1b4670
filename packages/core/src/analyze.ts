import { checkNormalForm } from './normal/index.js';
import { parse } from './parse.js';
import { insecureSchemeFinding } from './security/insecure.js';
import { checkScheme } from './schemes/index.js';
import { checkSecurity } from './security/index.js';
import { redactDiagnostics, secretSpansIn } from './security/secrets.js';
import type { Diagnostic, ParseOptions, UriReference } from './types.js';
import { compareWithWhatwg, type WhatwgComparison } from './whatwg/index.js';

export interface AnalyzeOptions extends ParseOptions {
  /** Scheme knowledge and scheme-specific rules. Default true. */
  schemes?: boolean;
  /** Security analysis (RFC 3986 §7). Default true. */
  security?: boolean;
  /** Compare with the WHATWG reading (browsers, Node's `URL`). Default true. */
  whatwg?: boolean;
  /** The base a relative reference is read against for the WHATWG comparison. */
  base?: string;
  /** Deviations from the normal form (RFC 3986 §6). Default false: they are style, not problems. */
  normalForm?: boolean;
  /** `http:`, `ws:`, `ftp:` to hosts on the network (`scheme-insecure`). Default false: a policy, not a problem. */
  insecureScheme?: boolean;
}

export interface Analysis {
  reference: UriReference;
  /** The grammar's diagnostics and every analysis's, ordered by position. */
  diagnostics: Diagnostic[];
  /** The browser reading, when the WHATWG comparison ran. */
  whatwg?: WhatwgComparison;
}

/**
 * Everything core knows about one string: `parse`, then the scheme rules, the
 * security analysis and the WHATWG comparison. Only the grammar decides
 * `reference.valid`; the analyses add warnings beside it.
 */
export function analyze(input: string, options: AnalyzeOptions = {}): Analysis {
  const reference = parse(input, options);
  const diagnostics = [...reference.diagnostics];
  if (options.schemes !== false) diagnostics.push(...checkScheme(reference));
  if (options.security !== false) diagnostics.push(...checkSecurity(reference));
  let whatwg: WhatwgComparison | undefined;
  if (options.whatwg !== false) {
    whatwg = compareWithWhatwg(reference.input, options.base === undefined ? {} : { base: options.base }, reference);
    diagnostics.push(...whatwg.diagnostics);
  }
  if (options.normalForm === true) diagnostics.push(...checkNormalForm(reference));
  if (options.insecureScheme === true) {
    const finding = insecureSchemeFinding(reference);
    if (finding) diagnostics.push(finding);
  }
  diagnostics.sort((a, b) => a.start - b.start || a.end - b.end);
  // The analyses' messages, like the parser's, never quote a secret (the parser's are redacted already).
  if (diagnostics.length > reference.diagnostics.length) {
    redactDiagnostics(reference.input, diagnostics.filter((d) => !reference.diagnostics.includes(d)), secretSpansIn(reference.input, reference.userinfo, reference.query));
  }
  const analysis: Analysis = { reference, diagnostics };
  if (whatwg) analysis.whatwg = whatwg;
  return analysis;
}
