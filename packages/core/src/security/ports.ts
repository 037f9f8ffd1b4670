import { DEFAULT_PORTS } from '../schemes/ports.js';

/** Schemes whose requests are HTTP: another protocol's port on them is RFC 3986 §7.2's attack. */
export const WEB_SCHEMES: ReadonlySet<string> = new Set(['http', 'https', 'ws', 'wss']);

/**
 * Well-known ports of services without a URI scheme in `DEFAULT_PORTS`
 * (IANA service names registry).
 */
const OTHER_SERVICES: Readonly<Record<number, string>> = {
  25: 'SMTP',
  53: 'DNS',
  111: 'rpcbind',
  135: 'MS RPC',
  139: 'NetBIOS',
  445: 'SMB',
  465: 'SMTP (TLS)',
  587: 'SMTP submission',
  993: 'IMAP (TLS)',
  995: 'POP3 (TLS)',
  1433: 'Microsoft SQL Server',
  1521: 'Oracle',
  2049: 'NFS',
  2375: 'the Docker API',
  3389: 'RDP',
  5900: 'VNC',
  6667: 'IRC',
  9042: 'Cassandra',
  9092: 'Kafka',
  11211: 'memcached',
};

/**
 * Port → the service that listens there: every non-web scheme of `DEFAULT_PORTS`
 * (`ftp` 21, `redis` 6379, …) plus `OTHER_SERVICES`. Web ports (80, 443, 8080,
 * 8443, 3000, 5000, 8000…) are in neither.
 */
export const OTHER_PROTOCOL_PORTS: ReadonlyMap<number, string> = buildPortTable();

function buildPortTable(): Map<number, string> {
  const table = new Map<number, string>();
  for (const [scheme, port] of Object.entries(DEFAULT_PORTS)) {
    if (WEB_SCHEMES.has(scheme)) continue;
    const known = table.get(port);
    table.set(port, known === undefined ? scheme : `${known}/${scheme}`);
  }
  for (const [port, service] of Object.entries(OTHER_SERVICES)) {
    if (!table.has(Number(port))) table.set(Number(port), service);
  }
  return table;
}

/**
 * The Fetch Standard's "bad ports" (§2.9 port blocking): browsers and `fetch()`
 * (Node's undici too) refuse to connect to them; other HTTP clients do not.
 */
export const FETCH_BAD_PORTS: ReadonlySet<number> = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103,
  104, 109, 110, 111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513,
  514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720,
  1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697,
  10080,
]);
