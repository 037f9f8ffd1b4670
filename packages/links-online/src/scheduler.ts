/**
 * Kind to hosts: each host gets at most `concurrency` requests at once, a pause of `delayMs`
 * between two that start, and none while it asked to be left alone (`Retry-After`); all hosts
 * together at most `totalConcurrency`. Time comes from the injected clock.
 */
import { hostMatches, parse } from '@urilint/core';
import type { HostLimits } from '@urilint/discovery';
import type { Clock } from './fetcher.js';

export const DEFAULT_HOST_LIMITS: Required<HostLimits> = { concurrency: 2, delayMs: 100 };

export const DEFAULT_TOTAL_CONCURRENCY = 64;

interface HostState {
  limits: Required<HostLimits>;
  active: number;
  /** The next request's turn: the delay after the last turn taken. */
  notBefore: number;
  /** No request starts before this time (a `Retry-After`). */
  pausedUntil: number;
  waiting: (() => void)[];
}

/** The host of a URL, in lower case (with its port when not the scheme's default): what limits apply to. */
export function hostKey(url: string): string {
  const reference = parse(url);
  const host = reference.host === undefined ? '' : url.slice(reference.host.start, reference.host.end).toLowerCase();
  const port = reference.port === undefined ? '' : url.slice(reference.port.start, reference.port.end);
  return port === '' || port === '80' || port === '443' ? host : `${host}:${port}`;
}

export class HostScheduler {
  private readonly hosts = new Map<string, HostState>();
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  /** The most requests any host had at once: what the limits promise. */
  readonly peak = new Map<string, number>();

  constructor(
    private readonly clock: Clock,
    private readonly configured: Readonly<Record<string, HostLimits>> = {},
    private readonly defaults: Required<HostLimits> = DEFAULT_HOST_LIMITS,
    private readonly totalConcurrency = DEFAULT_TOTAL_CONCURRENCY,
  ) {}

  /** The limits of a host: the first configured pattern that matches it (without its port), over the defaults. */
  limitsOf(host: string): Required<HostLimits> {
    const name = host.replace(/:\d+$/, '');
    for (const [pattern, limits] of Object.entries(this.configured)) {
      if (pattern === host || hostMatches(name, [pattern])) return { ...this.defaults, ...limits };
    }
    return this.defaults;
  }

  private state(host: string): HostState {
    let state = this.hosts.get(host);
    if (state === undefined) {
      state = { limits: this.limitsOf(host), active: 0, notBefore: 0, pausedUntil: 0, waiting: [] };
      this.hosts.set(host, state);
    }
    return state;
  }

  /** No request to `host` starts before `ms` from now (a 429's `Retry-After`). */
  pause(host: string, ms: number): void {
    const state = this.state(host);
    const until = this.clock.now() + ms;
    state.pausedUntil = Math.max(state.pausedUntil, until);
    state.notBefore = Math.max(state.notBefore, until);
  }

  /**
   * Runs `task` when the host and the total allow, and its turn after the host's delay has come;
   * when `skip` says so at any point of the wait, `skipped` runs instead at once (no request).
   */
  async run<T>(host: string, task: () => Promise<T>, options: { signal?: AbortSignal; skip?: () => boolean; skipped?: () => T } = {}): Promise<T> {
    const { signal, skip, skipped } = options;
    const state = this.state(host);
    while (state.active >= state.limits.concurrency) await new Promise<void>((resolve) => state.waiting.push(resolve));
    state.active++;
    try {
      // The request's turn is taken now, so that those waiting at once start `delayMs` apart.
      const turn = Math.max(this.clock.now(), state.notBefore);
      state.notBefore = turn + state.limits.delayMs;
      for (;;) {
        if (skipped !== undefined && (skip?.() === true || signal?.aborted === true)) return skipped();
        const wait = Math.max(turn, state.pausedUntil) - this.clock.now();
        if (wait <= 0) break;
        await this.clock.sleep(wait, signal);
      }
      while (this.active >= this.totalConcurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
      this.active++;
      this.peak.set(host, Math.max(this.peak.get(host) ?? 0, state.active));
      try {
        return await task();
      } finally {
        this.active--;
        this.waiting.shift()?.();
      }
    } finally {
      state.active--;
      state.waiting.shift()?.();
    }
  }
}
