/**
 * A full garbage collection on demand, for the few places where memory, not time, decides: after a
 * large tree is handed over (`js/native.ts`), and in `urilint scan`'s main thread before its workers
 * start. V8 collects its old generation only when its heap nears a limit it sets itself, so garbage
 * made in a burst stays resident until then.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

let gc: (() => void) | null | undefined;

/**
 * Runs V8's full garbage collection where it can be had without a command-line flag (as jest's leak
 * detector has it: the flag set at run time, and `gc` taken from a new context); returns whether it
 * ran. It takes time in proportion to what is alive: about 0.3 s with typescript.js's tree (over
 * 200 MB), tens of milliseconds for a heap of a few tens of megabytes.
 */
export function collectGarbage(): boolean {
  if (gc === undefined) {
    try {
      v8.setFlagsFromString('--expose-gc');
      gc = vm.runInNewContext('gc') as () => void;
    } catch {
      gc = null;
    }
  }
  if (gc === null) return false;
  gc();
  return true;
}
