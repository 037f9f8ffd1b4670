/**
 * Everything a candidate says, as plain data to compare: two readers, or two paths through one,
 * agree when the keys of their candidates are deeply equal (range, context, sink, key, value, URI
 * span, namespace, and each part: a hole's node type and range, a text's map offset).
 */
import type { UriCandidate } from '../../src/candidate.js';

export function candidateKey(candidate: UriCandidate): unknown {
  return {
    range: candidate.range,
    context: candidate.context,
    sink: candidate.sink,
    key: candidate.key,
    value: candidate.value,
    uri: [candidate.uriStart, candidate.uriEnd],
    namespace: candidate.namespace,
    parts: candidate.parts.map((part) => (part.kind === 'hole' ? ['hole', part.start, part.end, part.range, part.node?.type, part.node?.range] : ['text', part.start, part.end, part.mapOffset])),
  };
}
