/**
 * `host.ts` in a browser build: one thread, no environment, warnings on the console.
 */

export function isMainThread(): boolean {
  return true;
}

export function environment(_name: string): string | undefined {
  return undefined;
}

export function defaultEnvironment(_name: string, _value: string): void {
  // No environment to set.
}

export function warn(message: string, _code: string): void {
  console.warn(message);
}

export function platformName(): string {
  return 'browser';
}
