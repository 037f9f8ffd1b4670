import type { Component, Span, UriReference } from '../types.js';

/** `reference.input.slice(span.start, span.end)`. */
export function textOf(reference: UriReference, span: Span): string {
  return reference.input.slice(span.start, span.end);
}

/** The component that holds the character at `offset`. */
export function componentAt(reference: UriReference, offset: number): Component {
  const within = (span: Span | undefined): boolean => span !== undefined && offset >= span.start && offset < span.end;
  if (within(reference.scheme)) return 'scheme';
  if (within(reference.userinfo)) return 'userinfo';
  if (within(reference.host)) return 'host';
  if (within(reference.port)) return 'port';
  if (within(reference.query)) return 'query';
  if (within(reference.fragment)) return 'fragment';
  if (within(reference.authority)) return 'authority';
  return 'path';
}
