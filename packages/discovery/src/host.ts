/**
 * What discovery asks of the process it runs in: whether it is the main thread, an environment
 * variable, a warning, the platform's name. `host.browser.ts` takes this module's place in a
 * browser build (the playground's; see packages/playground/browser-modules.ts), where there is no
 * process, no environment and no worker thread.
 */
import { isMainThread as mainThread } from 'node:worker_threads';

/** Whether this is the process's main thread (not a worker of `urilint scan`). */
export function isMainThread(): boolean {
  return mainThread;
}

/** An environment variable, or undefined. */
export function environment(name: string): string | undefined {
  return process.env[name];
}

/** Sets an environment variable unless it is set already. */
export function defaultEnvironment(name: string, value: string): void {
  process.env[name] ??= value;
}

/** A process warning with a code, on standard error. */
export function warn(message: string, code: string): void {
  process.emitWarning(message, { code });
}

/** The platform, as Node's prebuilt bindings name it: `linux-x64`. */
export function platformName(): string {
  return `${process.platform}-${process.arch}`;
}
