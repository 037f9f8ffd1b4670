/** Thrown by the functions of `@urilint/core` that cannot return a result (never by `parse`). */
export class UriError extends Error {
  /** A stable kebab-case code, e.g. `lone-surrogate`, `pct-invalid-utf8`, `edits-overlap`. */
  readonly code: string;

  constructor(code: string, message: string) {
    super(message);
    this.name = 'UriError';
    this.code = code;
  }
}
