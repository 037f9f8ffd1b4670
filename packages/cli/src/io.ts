import type { Readable, Writable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

/** The streams and environment the CLI talks to; tests pass their own. */
export interface Io {
  stdout: Writable;
  stderr: Writable;
  stdin: Readable;
  /** Defaults to `process.env`; read for `NO_COLOR`. */
  env?: Readonly<Record<string, string | undefined>>;
}

/** True when the stream is a terminal. */
export function isTty(stream: Readable | Writable): boolean {
  return 'isTTY' in stream && stream.isTTY === true;
}

/**
 * Writes `text` and waits for the stream to drain when its buffer is full. A stream whose reader
 * has gone (`urilint scan | head` once head exits: EPIPE, and the stream is destroyed) takes
 * nothing more, and the command runs on to its exit code.
 */
export async function write(stream: Writable, text: string): Promise<void> {
  if (stream.destroyed) return;
  if (!stream.write(text)) await drained(stream);
}

/** Resolves when the stream drains, or closes or fails instead (then nothing more is written to it). */
function drained(stream: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      stream.off('drain', done).off('close', done).off('error', done);
      resolve();
    };
    stream.on('drain', done).on('close', done).on('error', done);
  });
}

/** Writes each line followed by a newline. */
export async function writeLines(stream: Writable, lines: readonly string[]): Promise<void> {
  if (lines.length > 0) await write(stream, lines.join('\n') + '\n');
}

function chunkText(chunk: unknown, decoder: StringDecoder): string {
  if (typeof chunk === 'string') return chunk;
  if (chunk instanceof Uint8Array) return decoder.write(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  return String(chunk);
}

/**
 * The lines of a stream as they arrive, split on `\n` with one trailing `\r`
 * removed and a leading byte-order mark dropped. A lone `\r` inside a line is
 * kept: it is part of the input (and an error in a URI).
 */
export async function* readLines(stream: Readable): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  let first = true;
  const clean = (line: string): string => {
    let out = line.endsWith('\r') ? line.slice(0, -1) : line;
    if (first && out.startsWith('\uFEFF')) out = out.slice(1);
    first = false;
    return out;
  };
  for await (const chunk of stream) {
    const parts = (pending + chunkText(chunk, decoder)).split('\n');
    pending = parts.pop() ?? '';
    for (const part of parts) yield clean(part);
  }
  pending += decoder.end();
  if (pending !== '') yield clean(pending);
}
