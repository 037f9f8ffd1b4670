/**
 * The connection the server runs on, made robust to what a client (or anything writing to its
 * standard input) may send: requests before `initialize` get ServerNotInitialized (-32002), as the
 * LSP says, and on `--stdio` a frame that is not one (a `Content-Length` that is missing or not a
 * number, a header line that is not `Name: value`) or a body that is not JSON gets a parse error
 * (-32700) and the messages after it are read. vscode-jsonrpc's reader stops reading at a header it
 * cannot read (it leaves the rest of the bytes where the next header is looked for), so the frames
 * are checked before they reach it; the reader, the writer and the dispatch stay vscode-jsonrpc's.
 */
import { Transform, type TransformCallback } from 'node:stream';
import { format } from 'node:util';
import {
  createConnection,
  ErrorCodes,
  Message,
  ProposedFeatures,
  ResponseError,
  StreamMessageReader,
  StreamMessageWriter,
  type Connection,
  type ConnectionOptions,
  type ResponseMessage,
} from 'vscode-languageserver/node';

/** The method a request that came before `initialize` is answered by (never sent by a client: `$/` is the protocol's own). */
const NOT_INITIALIZED = '$/urilint/notInitialized';

/**
 * Reads the base protocol's frames (`Content-Length: N\r\n…\r\n\r\n` and N bytes) and passes on
 * only well-formed ones, byte for byte: a header block that is not one is told to `bad` and
 * dropped, and the bytes after it up to the next `Content-Length:` with it (the body of a frame
 * whose length is unknown), so the next frame is read as such.
 */
export class FrameGuard extends Transform {
  /** The bytes of the header block read so far. */
  #head: Buffer = Buffer.alloc(0);
  /** The bytes of the current body still to pass on. */
  #body = 0;
  /** After a bad header: looking for the next `Content-Length:`. */
  #lost = false;
  readonly #bad: (reason: string) => void;

  constructor(bad: (reason: string) => void) {
    super();
    this.#bad = bad;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let at = 0;
    while (at < chunk.length) {
      if (this.#body > 0) {
        const end = Math.min(chunk.length, at + this.#body);
        this.push(chunk.subarray(at, end));
        this.#body -= end - at;
        at = end;
        continue;
      }
      // Header bytes are few: gathered whole, then read.
      this.#head = Buffer.concat([this.#head, chunk.subarray(at)]);
      at = chunk.length;
      this.#readHeads();
    }
    done();
  }

  /** Reads the header blocks gathered: each good one is passed on with what of its body is here. */
  #readHeads(): void {
    for (;;) {
      if (this.#lost) {
        const next = this.#head.toString('latin1').search(/content-length:/i);
        if (next < 0) {
          // Keep what could be the start of the name, cut between two chunks.
          this.#head = this.#head.subarray(Math.max(0, this.#head.length - 'content-length:'.length + 1));
          return;
        }
        this.#head = this.#head.subarray(next);
        this.#lost = false;
      }
      const end = this.#head.indexOf('\r\n\r\n');
      const complete = end < 0 ? this.#head.toString('latin1') : this.#head.subarray(0, end).toString('latin1');
      // A line that cannot begin a header (`Name:` of token characters) is known bad before the block ends.
      const lines = complete.split('\r\n');
      const badLine = lines.find((line, index) => !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+:[\t -~]*$/.test(line) && !(end < 0 && index === lines.length - 1 && /^[!#$%&'*+.^_`|~0-9A-Za-z-]*(?::[\t -~]*)?$/.test(line)));
      if (badLine !== undefined) {
        this.#drop(`a header line is not "Name: value" (${JSON.stringify(badLine.slice(0, 40))})`);
        continue;
      }
      if (end < 0) return;
      const lengths = lines.filter((line) => /^content-length:/i.test(line)).map((line) => line.slice(line.indexOf(':') + 1).trim());
      const length = lengths.length === 1 && /^\d+$/.test(lengths[0]!) ? Number(lengths[0]) : undefined;
      if (length === undefined || !Number.isSafeInteger(length)) {
        this.#drop(lengths.length === 0 ? 'a header has no Content-Length' : `the Content-Length ${JSON.stringify(lengths.join(', ').slice(0, 40))} is not a length in bytes`);
        continue;
      }
      const rest = this.#head.subarray(end + 4);
      this.push(this.#head.subarray(0, end + 4));
      this.#head = Buffer.alloc(0);
      const here = rest.subarray(0, length);
      if (here.length > 0) this.push(here);
      this.#body = length - here.length;
      if (this.#body > 0) return;
      this.#head = rest.subarray(length);
      if (this.#head.length === 0) return;
    }
  }

  #drop(reason: string): void {
    this.#bad(reason);
    // Past the bad header's name: the next `Content-Length:` after it starts the next frame.
    this.#head = this.#head.subarray(1);
    this.#lost = true;
  }
}

/**
 * The gate of `initialize`: before it, a request is answered with ServerNotInitialized and a
 * notification dropped, `exit` excepted (LSP 3.17, "Initialize Request"). It sees every message,
 * so it knows whether `shutdown` came (the exit code when the input closes).
 */
function initializeGate(): { options: ConnectionOptions; attach: (connection: Connection) => void; shutdown: () => boolean } {
  let initialized = false;
  let shutdown = false;
  return {
    options: {
      messageStrategy: {
        handleMessage(message, next) {
          if (Message.isRequest(message)) {
            if (message.method === 'initialize') initialized = true;
            else if (!initialized) return next({ ...message, method: NOT_INITIALIZED } as Message);
            else if (message.method === 'shutdown') shutdown = true;
          } else if (Message.isNotification(message) && !initialized && message.method !== 'exit') return;
          return next(message);
        },
      },
    },
    attach: (connection) =>
      connection.onRequest(NOT_INITIALIZED, () => new ResponseError(ErrorCodes.ServerNotInitialized, 'The server is not initialized: the first request must be "initialize".')),
    shutdown: () => shutdown,
  };
}

/**
 * The server's connection for the transport the arguments name (`--stdio`, `--node-ipc`,
 * `--socket=`, `--pipe=`, as vscode-languageserver reads them), with the gate of `initialize`;
 * on `--stdio`, frames are checked (`FrameGuard`) and a bad one or a body that is not JSON is
 * answered with a parse error (id null, as JSON-RPC 2.0 says when the id cannot be read).
 */
export function createServerConnection(args: readonly string[]): Connection {
  const gate = initializeGate();
  if (!args.includes('--stdio')) {
    const connection = createConnection(ProposedFeatures.all, gate.options);
    gate.attach(connection);
    return connection;
  }
  let parseError: (reason: string) => void = () => undefined;
  const guard = new FrameGuard((reason) => parseError(reason));
  process.stdin.pipe(guard);
  const reader = new StreamMessageReader(guard);
  const writer = new StreamMessageWriter(process.stdout);
  const connection = createConnection(ProposedFeatures.all, reader, writer, gate.options);
  gate.attach(connection);
  parseError = (reason) => {
    connection.console.error(`urilint: a message was dropped: ${reason}.`);
    const response: ResponseMessage = { jsonrpc: '2.0', id: null, error: new ResponseError(ErrorCodes.ParseError, `Parse error: ${reason}.`).toJson() };
    writer.write(response).catch(() => undefined);
  };
  // The body of a well-formed frame that is not JSON: vscode-jsonrpc's reader says so here and reads on. (Its text is not repeated.)
  reader.onError(() => parseError('the body of a message is not JSON'));
  // As vscode-languageserver does on --stdio: the input closed ends the server (0 after shutdown), and the console goes to the log, never into the protocol's stdout.
  guard.on('end', () => process.exit(gate.shutdown() ? 0 : 1));
  const log = (level: 'log' | 'info' | 'warn' | 'error') => (...values: unknown[]) => connection.console[level](format(...values));
  Object.assign(console, { log: log('log'), info: log('info'), debug: log('log'), warn: log('warn'), error: log('error') });
  return connection;
}
