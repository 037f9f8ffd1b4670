import type { Severity } from '@urilint/core';
import type { Writable } from 'node:stream';
import { isTty } from './io.js';

type Paint = (text: string) => string;

export interface Style {
  bold: Paint;
  dim: Paint;
  green: Paint;
  red: Paint;
  severity: (severity: Severity, text: string) => string;
}

const plain: Paint = (text) => text;

function ansi(open: number, close: number): Paint {
  return (text) => `\u001b[${open}m${text}\u001b[${close}m`;
}

const SEVERITY_COLORS: Record<Severity, Paint> = {
  error: ansi(31, 39),
  warning: ansi(33, 39),
  info: ansi(36, 39),
};

export const PLAIN: Style = { bold: plain, dim: plain, green: plain, red: plain, severity: (_, text) => text };

export const COLORED: Style = {
  bold: ansi(1, 22),
  dim: ansi(2, 22),
  green: ansi(32, 39),
  red: ansi(31, 39),
  severity: (severity, text) => SEVERITY_COLORS[severity](text),
};

/**
 * Colours only for a terminal with `NO_COLOR` unset or empty (https://no-color.org),
 * unless `--color` or `--no-color` says otherwise.
 */
export function chooseStyle(
  override: boolean | undefined,
  stream: Writable,
  env: Readonly<Record<string, string | undefined>>,
): Style {
  const noColor = env['NO_COLOR'] !== undefined && env['NO_COLOR'] !== '';
  return (override ?? (isTty(stream) && !noColor)) ? COLORED : PLAIN;
}
