/**
 * Default ports of schemes with an authority (shared/spec/rfc3986-essentials.md §6,
 * from each scheme's registration). §6.2.3 normalization drops a port equal to it.
 */
export const DEFAULT_PORTS: Readonly<Record<string, number>> = {
  http: 80,
  https: 443,
  ws: 80,
  wss: 443,
  ftp: 21,
  gopher: 70,
  telnet: 23,
  ldap: 389,
  ldaps: 636,
  imap: 143,
  pop: 110,
  nntp: 119,
  rtsp: 554,
  sip: 5060,
  sips: 5061,
  ssh: 22,
  sftp: 22,
  redis: 6379,
  mongodb: 27017,
  postgresql: 5432,
  postgres: 5432,
  mysql: 3306,
  amqp: 5672,
  mqtt: 1883,
  coap: 5683,
  coaps: 5684,
};

/** The default port of `scheme` (case-insensitive), if it has one. */
export function defaultPort(scheme: string): number | undefined {
  const key = scheme.toLowerCase();
  return Object.hasOwn(DEFAULT_PORTS, key) ? DEFAULT_PORTS[key] : undefined;
}

/**
 * Schemes whose authority may name several hosts, `host1:port1,host2:port2`: MongoDB's connection
 * string (a seed list of a replica set) and libpq's `postgresql://` URIs. RFC 3986 reads the first
 * `:` as the start of one port, so the list is not an RFC 3986 authority; these schemes define it.
 */
export const HOST_LIST_SCHEMES: ReadonlySet<string> = new Set(['mongodb', 'postgres', 'postgresql']);

/** One entry of a host list: the host and the port text after its `:` (undefined without one). */
export interface HostListEntry {
  host: string;
  port?: string;
}

/**
 * The entries of a host list written after the userinfo (`h1:27017,h2:27018`, `[::1]:5432,db2`),
 * or undefined when `scheme` has none or the text is not one: two or more comma-separated hosts,
 * each a bracketed IP literal or a name without `:`, `[`, `]`, with an optional port.
 */
export function hostListOf(scheme: string, hostAndPort: string): HostListEntry[] | undefined {
  if (!HOST_LIST_SCHEMES.has(scheme.toLowerCase())) return undefined;
  const parts = hostAndPort.split(',');
  if (parts.length < 2) return undefined;
  const entries: HostListEntry[] = [];
  for (const part of parts) {
    const match = /^(\[[^\]]*\]|[^:[\]]+)(?::(.*))?$/.exec(part);
    if (!match) return undefined;
    entries.push(match[2] === undefined ? { host: match[1]! } : { host: match[1]!, port: match[2] });
  }
  return entries;
}
