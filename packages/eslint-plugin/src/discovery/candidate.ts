import type { TSESTree } from '@typescript-eslint/utils';
import { analyze, parse, type Analysis, type Span, type UriReference } from '@urilint/core';
import type { CookedMap } from '../source/literal-map.js';

/** A piece of a candidate's value: text from a literal (mapped to the source), or a hole. */
export type Part =
  | { kind: 'text'; start: number; end: number; map: CookedMap; mapOffset: number }
  | { kind: 'hole'; start: number; end: number; node: TSESTree.Node };

/** Why the string was taken for a URI. */
export type CandidateContext = 'sink' | 'attribute' | 'shape' | 'prose';

/**
 * One URI found in the source: its value (holes filled with placeholders),
 * where each piece of the value comes from, and the URI parsed once — every
 * rule reads the same `reference` and `analysis`.
 */
export class UriCandidate {
  readonly node: TSESTree.Node;
  readonly context: CandidateContext;
  /** The sink's name (`fetch`, `new URL`, `axios.get`, `<a href>`), when there is one. */
  readonly sink: string | undefined;
  /** The whole value the URI is in (for prose, the sentence); the URI is `[uriStart, uriEnd)` of it. */
  readonly value: string;
  readonly uriStart: number;
  readonly uriEnd: number;
  readonly parts: readonly Part[];
  /** Spans of the URI (relative to it) that stand for `${…}`, `+ x` or `{var}`: never reported. */
  readonly holes: readonly Span[];
  /** XML namespaces name things; they are not fetched. */
  readonly namespace: boolean;
  readonly reference: UriReference;
  #analysis: Analysis | undefined;

  constructor(init: {
    node: TSESTree.Node;
    context: CandidateContext;
    sink?: string;
    value: string;
    uriStart: number;
    uriEnd: number;
    parts: Part[];
    namespace: boolean;
  }) {
    this.node = init.node;
    this.context = init.context;
    this.sink = init.sink;
    this.value = init.value;
    this.uriStart = init.uriStart;
    this.uriEnd = init.uriEnd;
    this.parts = init.parts;
    this.namespace = init.namespace;
    this.holes = init.parts
      .filter((part) => part.kind === 'hole')
      .map((part) => ({ start: part.start - init.uriStart, end: part.end - init.uriStart }))
      .filter((hole) => hole.end > 0 && hole.start < init.uriEnd - init.uriStart);
    this.reference = parse(init.value.slice(init.uriStart, init.uriEnd));
  }

  /** The scheme, security, browser and normal-form analyses: computed when a rule first asks. */
  get analysis(): Analysis {
    return (this.#analysis ??= analyze(this.reference.input, { normalForm: true }));
  }

  /** Whether `[start, end)` of the URI touches a hole (a problem there is not the source's to fix). */
  touchesHole(start: number, end: number): boolean {
    return this.holes.some((hole) => start < hole.end + (end === start ? 1 : 0) && hole.start < Math.max(end, start + 1));
  }
}
