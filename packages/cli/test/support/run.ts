/** `urilint` run in this process, from the sources, with its output kept: what the scan tests share. */
import { Readable, Writable } from 'node:stream';
import { main } from '../../src/main.js';

/** A writable stream that keeps what is written to it. */
export class Sink extends Writable {
  text = '';

  override _write(chunk: Buffer | string, _encoding: BufferEncoding, callback: () => void): void {
    this.text += chunk.toString();
    callback();
  }
}

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `main(args)` with no standard input and an empty environment (no colours). */
export async function run(args: string[]): Promise<Run> {
  const stdout = new Sink();
  const stderr = new Sink();
  const code = await main(args, { stdout, stderr, stdin: Readable.from([]), env: {} });
  return { code, stdout: stdout.text, stderr: stderr.text };
}
