/** What the service reads of an LSP cancellation token. */
export interface Cancellation {
  readonly isCancellationRequested: boolean;
}

/** Thrown when the client cancelled the request: the server answers it with `RequestCancelled`. */
export class CancelledError extends Error {
  constructor() {
    super('The request was cancelled.');
    this.name = 'CancelledError';
  }
}

/** Throws `CancelledError` when the request was cancelled: called between the steps of long work. */
export function checkCancelled(token: Cancellation | undefined): void {
  if (token?.isCancellationRequested) throw new CancelledError();
}
