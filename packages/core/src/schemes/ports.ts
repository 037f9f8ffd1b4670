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
