import { diagnostic } from '../diagnostic.js';
import { describeChars, excerpt } from '../messages.js';
import { shownInput } from '../security/secrets.js';
import { componentAt } from '../security/spans.js';
import type { Diagnostic } from '../types.js';
import { outcome, type Reading } from './context.js';

/** At most this many diagnostics of one check per input: past it, the input is noise. */
export const MAX_PER_CHECK = 100;

const isStripped = (c: number): boolean => c <= 0x20;
const isTabOrNewline = (c: number): boolean => c === 0x09 || c === 0x0a || c === 0x0d;

/** `[start, end)` of the leading and of the trailing runs of C0 controls and spaces. */
export function strippedEnds(s: string): { lead: number; trail: number } {
  let lead = 0;
  while (lead < s.length && isStripped(s.charCodeAt(lead))) lead++;
  let trail = s.length;
  while (trail > lead && isStripped(s.charCodeAt(trail - 1))) trail--;
  return { lead, trail };
}

/** `whatwg-c0-space-stripped`: leading and trailing C0 controls and spaces. */
export function checkStripped(reading: Reading): Diagnostic[] {
  if (reading.url === undefined) return [];
  const s = reading.input;
  const { lead, trail } = strippedEnds(s);
  const out: Diagnostic[] = [];
  const report = (start: number, end: number, where: string): void => {
    const chars = describeChars(s.slice(start, end));
    out.push(
      diagnostic(
        'whatwg-c0-space-stripped',
        start,
        end,
        componentAt(reading.reference, start),
        `A browser strips ${chars} at the ${where} and ${outcome(reading)}; RFC 3986 allows no such character.`,
        undefined,
        [{ message: `Remove ${chars}.`, edits: [{ start, end, text: '' }] }],
      ),
    );
  };
  if (lead > 0) report(0, lead, 'start');
  if (trail < s.length) report(trail, s.length, 'end');
  return out;
}

/** `whatwg-tab-newline-removed`: each run of tabs and newlines between the stripped ends. */
export function checkTabsAndNewlines(reading: Reading): Diagnostic[] {
  if (reading.url === undefined) return [];
  const s = reading.input;
  const { lead, trail } = strippedEnds(s);
  const out: Diagnostic[] = [];
  for (let i = lead; i < trail && out.length < MAX_PER_CHECK; i++) {
    if (!isTabOrNewline(s.charCodeAt(i))) continue;
    const start = i;
    while (i < trail && isTabOrNewline(s.charCodeAt(i))) i++;
    out.push(
      diagnostic(
        'whatwg-tab-newline-removed',
        start,
        i,
        componentAt(reading.reference, start),
        `A browser removes ${describeChars(s.slice(start, i))} after "${excerpt(shownInput(reading.reference), Math.max(lead, start - 20), start)}" and ${outcome(reading)}.`,
      ),
    );
  }
  return out;
}
