/** A URI found in free text. */
export interface FoundUri {
  /** Offsets of the URI in the text (UTF-16), delimiters and trailing punctuation excluded. */
  start: number;
  end: number;
  /** The URI itself: the text in range, less the whitespace of line breaks inside `<…>`. */
  uri: string;
  /** How the text delimited it. */
  delimiter: 'angle-brackets' | 'quotes' | 'whitespace';
  /** True for an abbreviated URI with no scheme (`www.example.com/path`), a relative path by the RFC. */
  abbreviated: boolean;
}

/**
 * Finds URI candidates in prose, comments, Markdown or plain text, following
 * RFC 2396 Appendix E and RFC 3986 Appendix C.
 */
export function findUris(_text: string): FoundUri[] {
  throw new Error('findUris: not implemented yet');
}
