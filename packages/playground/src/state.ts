/**
 * The playground's state in the page's URL fragment, so that a link reproduces what was shown: the
 * state as JSON, compressed with the browser's own `CompressionStream` (raw DEFLATE), in base64url.
 * The fragment never leaves the browser: it is not sent with a request.
 */
import type { Preset, RuleChoice } from './lint.js';

export interface State {
  view: 'uri' | 'code';
  uri: string;
  base: string;
  code: string;
  /** The file name whose extension chooses the reader (see `LANGUAGES`). */
  file: string;
  preset: Preset;
  rules: Record<string, RuleChoice>;
}

export const INITIAL: State = {
  view: 'uri',
  uri: 'http://user:hunter2@exa mple.com:8080/a b/%zz?q=1&token=s3cret#top',
  base: 'http://example.com/docs/guide/',
  code: '{\n  "homepage": "https://example.com/docs/a b.html",\n  "bugs": "https://example.com/issues?q=%zz"\n}\n',
  file: 'snippet.json',
  preset: 'recommended',
  rules: {},
};

async function pipe(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const out = new Response(new Blob([bytes as BlobPart]).stream().pipeThrough(stream));
  return new Uint8Array(await out.arrayBuffer());
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** The fragment (without `#`) that holds `state`. */
export async function encodeState(state: State): Promise<string> {
  const json = new TextEncoder().encode(JSON.stringify(state));
  return `s=${toBase64Url(await pipe(json, new CompressionStream('deflate-raw')))}`;
}

/** The state a fragment holds, over the initial one; the initial state when it holds none or cannot be read. */
export async function decodeState(fragment: string): Promise<State> {
  const match = /(?:^#?|&)s=([A-Za-z0-9_-]+)/.exec(fragment);
  if (match === null) return { ...INITIAL };
  try {
    const json = new TextDecoder().decode(await pipe(fromBase64Url(match[1]!), new DecompressionStream('deflate-raw')));
    const value = JSON.parse(json) as Partial<State>;
    const state = { ...INITIAL, rules: {} as Record<string, RuleChoice> };
    if (value.view === 'uri' || value.view === 'code') state.view = value.view;
    for (const key of ['uri', 'base', 'code', 'file'] as const) if (typeof value[key] === 'string') state[key] = value[key];
    if (value.preset === 'recommended' || value.preset === 'strict' || value.preset === 'all' || value.preset === 'none') state.preset = value.preset;
    if (typeof value.rules === 'object' && value.rules !== null) {
      for (const [name, choice] of Object.entries(value.rules)) if (choice === 'error' || choice === 'warning' || choice === 'off') state.rules[name] = choice;
    }
    return state;
  } catch {
    return { ...INITIAL };
  }
}
