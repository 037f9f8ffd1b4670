import { collectGarbage, nodeConfigFileSystem, setNativeNotice } from '@urilint/discovery';
import type { ClientCapabilities, Connection, TextDocumentChangeEvent } from 'vscode-languageserver';
import {
  DidChangeConfigurationNotification,
  DidChangeWatchedFilesNotification,
  DocumentDiagnosticReportKind,
  ErrorCodes,
  LSPErrorCodes,
  MessageType,
  ResponseError,
  ShowMessageNotification,
  TextDocuments,
  TextDocumentSyncKind,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { CodeActionKind, type Diagnostic } from 'vscode-languageserver-types';
import { filePath } from './service/ignore.js';
import {
  CancelledError,
  createLanguageService,
  DECODE_KIND,
  ENCODE_KIND,
  fileUri,
  FIX_ALL_KIND,
  isProjectFile,
  normalizeSettings,
  prepareDocument,
  ProjectFiles,
  updateDocument,
  type DocumentSettings,
  type Settings,
} from './service/index.js';
import { FolderWatcher } from './watch.js';

/**
 * Local links: any file created or deleted (a link's target appears or goes; a rename is both), and
 * the documents whose ids links name changed (WatchKind: 1 create, 2 change, 4 delete).
 */
const LINK_WATCHERS = [
  { globPattern: '**/*', kind: 1 | 4 },
  { globPattern: '**/*.{md,markdown,mdx,html,htm}', kind: 2 },
];
/** Typing a link: a path's `/`, a fragment's `#`, a destination's opening `(`, `<` or quote. */
const COMPLETION_TRIGGERS = ['/', '#', '(', '<', '"', "'"];

const SECTION = 'urilint';

/** The command that checks the external links of a document on the network (argument: the document's URI). */
export const CHECK_EXTERNAL_LINKS = 'urilint.checkExternalLinks';

const SERVER_VERSION = '0.1.0';

/**
 * What the client declares it supports, read once from `initialize`: the server
 * sends a request or uses a feature only when its capability is here, so a
 * client that declares nothing still gets its diagnostics and never an error.
 */
interface ClientSupport {
  /** `workspace/configuration`: settings per document. */
  configuration: boolean;
  /** Dynamic registration of `workspace/didChangeConfiguration`. */
  configurationRegistration: boolean;
  /** Workspace folders, and `workspace/didChangeWorkspaceFolders` when they change. */
  workspaceFolders: boolean;
  /** Pull diagnostics (`textDocument/diagnostic`); pushed otherwise. */
  pullDiagnostics: boolean;
  /** `workspace/diagnostic/refresh`: ask the client to pull again (after a settings change). */
  diagnosticsRefresh: boolean;
  /** Dynamic registration of `workspace/didChangeWatchedFiles`: the client watches the project files; else the server does. */
  watchedFilesRegistration: boolean;
  /** `window/workDoneProgress/create`: progress the server starts itself. */
  workDoneProgress: boolean;
}

/** The project files the client watches for the server: configurations, `package.json` (its `"urilint"` key) and the baseline. */
const WATCHERS = [{ globPattern: '**/urilint.config.{json,jsonc}' }, { globPattern: '**/package.json' }, { globPattern: '**/urilint-suppressions.json' }, ...LINK_WATCHERS];

function clientSupport(capabilities: ClientCapabilities): ClientSupport {
  return {
    configuration: capabilities.workspace?.configuration === true,
    configurationRegistration: capabilities.workspace?.didChangeConfiguration?.dynamicRegistration === true,
    workspaceFolders: capabilities.workspace?.workspaceFolders === true,
    pullDiagnostics: capabilities.textDocument?.diagnostic !== undefined && capabilities.textDocument.diagnostic !== null,
    diagnosticsRefresh: capabilities.workspace?.diagnostics?.refreshSupport === true,
    watchedFilesRegistration: capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true,
    workDoneProgress: capabilities.window?.workDoneProgress === true,
  };
}

/**
 * Wires the language service to a connection: documents (incremental sync),
 * settings (`workspace/configuration`, or the last `didChangeConfiguration`,
 * with the project's configuration file over them: `ProjectFiles`), the
 * project files watched (by the client when it can, else `FolderWatcher`),
 * diagnostics (pulled when the client can, pushed and debounced otherwise),
 * hovers, code actions and document links. Every handler answers: an
 * unexpected error is logged and answered with an empty result, never left to
 * end the server. What the client may lack is guarded (`ClientSupport`).
 */
export function startServer(connection: Connection): void {
  // The service reads each didChange's ranges (updateDocument keeps them) instead of comparing texts.
  const documents = new TextDocuments({ create: TextDocument.create, update: updateDocument });
  let workspaceFolders: string[] = [];
  // The one notice that the native JavaScript/TypeScript parser did not load goes to the log, not stderr.
  setNativeNotice((message) => connection.console.warn(message));
  const service = createLanguageService({
    workspaceFolders: () => workspaceFolders,
    notice: (message) => connection.console.info(`urilint: ${message}`),
    // A document over the size cap: said to the user once, as a window message (it has no diagnostics).
    skipped: (message) => void connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Warning, message: `urilint: ${message}` }).catch(() => undefined),
  });
  let support: ClientSupport = clientSupport({});
  let globalSettings: Settings = normalizeSettings(undefined);
  const settingsByUri = new Map<string, Promise<Settings>>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const projects = new ProjectFiles(nodeConfigFileSystem, { log: (message) => connection.console.warn(`urilint: ${message}`) });
  /** The problems of project files, as diagnostics on them, by path: what was last published. */
  let projectDiagnostics = new Map<string, Diagnostic[]>();
  let projectSignature = '';
  let watcher: FolderWatcher | undefined;

  const settingsFor = (uri: string): Promise<Settings> => {
    if (!support.configuration) return Promise.resolve(globalSettings);
    let settings = settingsByUri.get(uri);
    if (settings === undefined) {
      settings = connection.workspace
        .getConfiguration({ scopeUri: uri, section: SECTION })
        .then(normalizeSettings, () => globalSettings);
      settingsByUri.set(uri, settings);
    }
    return settings;
  };

  /** The project file's diagnostics of an open document (by its path): they are published with its own. */
  const projectDiagnosticsOf = (uri: string): Diagnostic[] => {
    const path = filePath(uri);
    return path === undefined ? [] : (projectDiagnostics.get(path) ?? []);
  };

  /**
   * Publishes the problems of the project files read so far when they changed: on each file (an
   * open one with its own diagnostics, when they are pushed), and nothing more on a file fixed.
   */
  const syncProjectProblems = (): void => {
    const signature = JSON.stringify(projects.problems());
    if (signature === projectSignature) return;
    projectSignature = signature;
    const before = projectDiagnostics;
    projectDiagnostics = new Map([...projects.diagnostics()].map(([uri, diagnostics]) => [filePath(uri) ?? uri, diagnostics]));
    for (const path of new Set([...before.keys(), ...projectDiagnostics.keys()])) {
      const open = documents.all().find((document) => filePath(document.uri) === path);
      if (open !== undefined && !support.pullDiagnostics) schedule(open, 0);
      else void connection.sendDiagnostics({ uri: open?.uri ?? fileUri(path), diagnostics: projectDiagnostics.get(path) ?? [] }).catch(() => undefined);
    }
  };

  /** A document's settings: the editor's, with its project's configuration over them. */
  const documentSettingsFor = async (uri: string): Promise<DocumentSettings> => {
    // The grammar a Python, Go, Rust, Java, Kotlin, C#, Ruby, PHP or shell document is read with, loaded before its first analysis.
    const document = documents.get(uri);
    if (document !== undefined) await prepareDocument(document);
    const settings = projects.settingsFor(uri, await settingsFor(uri));
    syncProjectProblems();
    return settings;
  };

  /** Runs a request handler: cancellation becomes `RequestCancelled`, any other error is logged and answered with `fallback`. */
  const guard = async <T>(what: string, fallback: T, run: () => Promise<T> | T): Promise<T | ResponseError<never>> => {
    try {
      return await run();
    } catch (error) {
      if (error instanceof CancelledError) return new ResponseError<never>(LSPErrorCodes.RequestCancelled, error.message);
      connection.console.error(`urilint: ${what} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return fallback;
    }
  };

  const publish = async (document: TextDocument): Promise<void> => {
    try {
      const settings = await documentSettingsFor(document.uri);
      // A newer version arrived while the settings were read: it will be published on its own.
      if (documents.get(document.uri)?.version !== document.version) return;
      const diagnostics = [...service.provideDiagnostics(document, settings), ...projectDiagnosticsOf(document.uri)];
      await connection.sendDiagnostics({ uri: document.uri, version: document.version, diagnostics });
    } catch (error) {
      connection.console.error(`urilint: checking ${document.uri} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    }
  };

  const schedule = (document: TextDocument, delay: number): void => {
    clearTimeout(timers.get(document.uri));
    timers.set(
      document.uri,
      setTimeout(() => {
        timers.delete(document.uri);
        const current = documents.get(document.uri);
        if (current) void publish(current);
      }, delay),
    );
  };

  const refreshAll = (): void => {
    if (support.pullDiagnostics) {
      // A client that pulls without refresh support pulls again on its own, at the next edit.
      if (support.diagnosticsRefresh) void connection.languages.diagnostics.refresh().catch(() => undefined);
      return;
    }
    for (const document of documents.all()) schedule(document, 0);
  };

  /** The fallback watcher follows the folders of the open documents' project files, and the workspace folders. */
  const watchFolders = (): void => {
    if (watcher === undefined) return;
    const paths = documents.all().flatMap((document) => filePath(document.uri) ?? []);
    const folders = projects.foldersOf(paths);
    for (const folder of workspaceFolders) {
      const path = filePath(folder);
      if (path !== undefined) folders.add(path.replace(/(?<=.)\/+$/, ''));
    }
    watcher.update(folders);
  };

  /** A project file changed on disk: read them again, check every open document again, and publish what their problems became. */
  const projectChanged = async (): Promise<void> => {
    projects.forget();
    try {
      await Promise.all(documents.all().map((document) => documentSettingsFor(document.uri)));
    } catch (error) {
      connection.console.error(`urilint: reading the project's files failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    }
    syncProjectProblems();
    watchFolders();
    refreshAll();
  };

  /** Runs `projectChanged`, one run at a time: changes that arrive during a run (an install touching many package.json files) make one more run. */
  let reloading = false;
  let reloadAgain = false;
  const reloadProject = (): void => {
    if (reloading) {
      reloadAgain = true;
      return;
    }
    reloading = true;
    void projectChanged().finally(() => {
      reloading = false;
      if (reloadAgain) {
        reloadAgain = false;
        reloadProject();
      }
    });
  };

  connection.onInitialize((params) => {
    // A client may send `capabilities: {}` or leave parts out: everything below reads `support`.
    support = clientSupport(params.capabilities ?? {});
    workspaceFolders = (params.workspaceFolders ?? []).map((folder) => folder.uri);
    if (workspaceFolders.length === 0 && params.rootUri) workspaceFolders = [params.rootUri];
    if (params.initializationOptions !== undefined && params.initializationOptions !== null) {
      const options = params.initializationOptions as Record<string, unknown>;
      globalSettings = normalizeSettings(SECTION in options ? options[SECTION] : options);
    }
    return {
      capabilities: {
        // Saves too: a configuration saved is read again even where no watcher reports it.
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        hoverProvider: true,
        codeActionProvider: {
          codeActionKinds: [CodeActionKind.QuickFix, CodeActionKind.SourceFixAll, FIX_ALL_KIND, CodeActionKind.RefactorRewrite, ENCODE_KIND, DECODE_KIND],
          resolveProvider: false,
        },
        documentLinkProvider: { resolveProvider: false },
        definitionProvider: true,
        executeCommandProvider: { commands: [CHECK_EXTERNAL_LINKS] },
        completionProvider: { triggerCharacters: COMPLETION_TRIGGERS, resolveProvider: false },
        ...(support.pullDiagnostics ? { diagnosticProvider: { identifier: 'urilint', interFileDependencies: false, workspaceDiagnostics: false } } : {}),
        // Declared statically, so the client sends the changes without a registration.
        ...(support.workspaceFolders ? { workspace: { workspaceFolders: { supported: true, changeNotifications: true } } } : {}),
      },
      serverInfo: { name: 'urilint-language-server', version: SERVER_VERSION },
    };
  });

  connection.onInitialized(() => {
    if (support.configurationRegistration) void connection.client.register(DidChangeConfigurationNotification.type, undefined).catch(() => undefined);
    if (support.watchedFilesRegistration) void connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: WATCHERS }).catch(() => undefined);
    else {
      watcher = new FolderWatcher(isProjectFile, reloadProject);
      watchFolders();
    }
    // vscode-languageserver throws here for a client without workspace folders: listen only when it has them.
    if (support.workspaceFolders) {
      connection.workspace.onDidChangeWorkspaceFolders((event) => {
        const removed = new Set(event.removed.map((folder) => folder.uri));
        workspaceFolders = [...workspaceFolders.filter((uri) => !removed.has(uri)), ...event.added.map((folder) => folder.uri)];
        watchFolders();
        refreshAll();
      });
    }
  });

  connection.onDidChangeConfiguration((change) => {
    const settings = change.settings as Record<string, unknown> | null | undefined;
    if (settings !== null && typeof settings === 'object' && SECTION in settings) globalSettings = normalizeSettings(settings[SECTION]);
    settingsByUri.clear();
    refreshAll();
  });

  connection.onDidChangeWatchedFiles((params) => {
    // `**/package.json` also matches the installed packages': those are never a project's configuration.
    const relevant = (path: string): boolean => isProjectFile(path) && !path.includes('/node_modules/');
    if (params.changes.some((change) => relevant(filePath(change.uri) ?? change.uri))) reloadProject();
    // A link's target created, renamed or deleted: the open Markdown and HTML documents are checked again.
    const again = service.filesChanged(
      params.changes.map((change) => change.uri),
      documents.all(),
    );
    if (again.length > 0) refreshAll();
  });

  // TextDocuments fires onDidChangeContent for an open too: an opened document is checked at once, an edited one after the debounce.
  const opened = new Set<string>();
  documents.onDidOpen((event: TextDocumentChangeEvent<TextDocument>) => {
    opened.add(event.document.uri);
    watchFolders();
  });
  // What is on disk is the configuration: an unsaved edit of one is not read, a saved one is.
  documents.onDidSave((event: TextDocumentChangeEvent<TextDocument>) => {
    const path = filePath(event.document.uri);
    if (path !== undefined && isProjectFile(path)) reloadProject();
  });
  documents.onDidChangeContent((event: TextDocumentChangeEvent<TextDocument>) => {
    const justOpened = opened.delete(event.document.uri);
    if (support.pullDiagnostics) return;
    if (justOpened) schedule(event.document, 0);
    else void settingsFor(event.document.uri).then((settings) => schedule(event.document, settings.debounce));
  });
  documents.onDidClose((event: TextDocumentChangeEvent<TextDocument>) => {
    clearTimeout(timers.get(event.document.uri));
    timers.delete(event.document.uri);
    opened.delete(event.document.uri);
    settingsByUri.delete(event.document.uri);
    // A document over the size cap closed: its text (tens of megabytes) is collected now, not when V8's heap next nears its limit.
    if (service.forget(event.document.uri)) setImmediate(collectGarbage);
    // A configuration's own problems stay on it while it is closed.
    if (!support.pullDiagnostics) void connection.sendDiagnostics({ uri: event.document.uri, diagnostics: projectDiagnosticsOf(event.document.uri) }).catch(() => undefined);
    watchFolders();
  });

  connection.languages.diagnostics.on((params, token) =>
    guard('diagnostics', { kind: DocumentDiagnosticReportKind.Full, items: [] }, async () => {
      const document = documents.get(params.textDocument.uri);
      if (document === undefined) return { kind: DocumentDiagnosticReportKind.Full, items: [] };
      const settings = await documentSettingsFor(document.uri);
      return { kind: DocumentDiagnosticReportKind.Full, items: service.provideDiagnostics(document, settings, token) };
    }),
  );

  connection.onHover((params, token) =>
    guard('hover', null, async () => {
      const document = documents.get(params.textDocument.uri);
      if (document === undefined) return null;
      return service.provideHover(document, params.position, await documentSettingsFor(document.uri), token);
    }),
  );

  connection.onCodeAction((params, token) =>
    guard('code actions', [], async () => {
      const document = documents.get(params.textDocument.uri);
      if (document === undefined) return [];
      return service.provideCodeActions(document, params.range, params.context, await documentSettingsFor(document.uri), token);
    }),
  );

  connection.onDocumentLinks((params, token) =>
    guard('document links', [], async () => {
      const document = documents.get(params.textDocument.uri);
      if (document === undefined) return [];
      return service.provideDocumentLinks(document, await documentSettingsFor(document.uri), token);
    }),
  );

  connection.onDefinition((params, token) =>
    guard('definition', [], async () => {
      const document = documents.get(params.textDocument.uri);
      if (document === undefined) return [];
      return service.provideDefinition(document, params.position, await documentSettingsFor(document.uri), token);
    }),
  );

  connection.onCompletion((params, token) =>
    guard('completion', [], async () => {
      const document = documents.get(params.textDocument.uri);
      if (document === undefined) return [];
      return service.provideCompletion(document, params.position, await documentSettingsFor(document.uri), token);
    }),
  );

  // Checks a document's external links on the network: progress shown (pages done of pages to do), cancellable.
  connection.onExecuteCommand((params, token, workDone) =>
    guard('check external links', null, async () => {
      if (params.command !== CHECK_EXTERNAL_LINKS) throw new ResponseError<never>(ErrorCodes.InvalidParams, `unknown command ${params.command}`);
      const uri = params.arguments?.[0];
      const document = typeof uri === 'string' ? documents.get(uri) : undefined;
      if (document === undefined) throw new ResponseError<never>(ErrorCodes.InvalidParams, `${CHECK_EXTERNAL_LINKS} takes the URI of an open document`);
      const controller = new AbortController();
      token.onCancellationRequested(() => controller.abort());
      // The client's progress when it gave a token with the request, else one the server creates when the client can show it.
      const created = params.workDoneToken !== undefined || !support.workDoneProgress ? undefined : await connection.window.createWorkDoneProgress();
      const progress = created ?? workDone;
      progress.begin('urilint: checking external links', 0, 'listing the links', true);
      // A progress the server created is cancelled from it (`window/workDoneProgress/cancel`); the client's, by cancelling the request.
      created?.token.onCancellationRequested(() => controller.abort());
      try {
        const result = await service.checkExternalLinks(document, await documentSettingsFor(document.uri), documents.all(), {
          version: SERVER_VERSION,
          env: process.env,
          signal: controller.signal,
          onProgress: (done, total) => progress.report(total === 0 ? 100 : Math.floor((done / total) * 100), `${done} of ${total} pages`),
        });
        if (result.cacheError !== undefined) connection.console.warn(`urilint: ${result.cacheError}`);
        connection.console.info(`urilint: ${document.uri}: ${result.summary}`);
        if (result.again.length > 0) refreshAll();
        return { summary: result.summary, links: result.links, cancelled: result.cancelled };
      } finally {
        progress.done();
      }
    }),
  );

  connection.onShutdown(() => {
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
    watcher?.close();
  });

  documents.listen(connection);
  connection.listen();
}
