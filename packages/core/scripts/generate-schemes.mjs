#!/usr/bin/env node
// Writes src/schemes/registry.generated.ts from the `schemes` devDependency (the
// IANA URI Schemes registry, permanent / provisional / historical, plus the
// package's crowd-sourced unofficial list) and the hand-maintained list below.
// With --check it writes nothing and fails when the file would change, so the
// table cannot drift from its sources. The output is plain data: core keeps no
// runtime dependency.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const outUrl = new URL('../src/schemes/registry.generated.ts', import.meta.url);
const require = createRequire(import.meta.url);

let libDir;
let pkg;
try {
  const pkgPath = require.resolve('schemes/package.json');
  pkg = JSON.parse(readFileSync(pkgPath, 'utf8'));
  libDir = join(dirname(pkgPath), 'lib');
} catch {
  console.error('The `schemes` devDependency of @urilint/core is not installed: run `pnpm install`.');
  process.exit(2);
}

// ---------------------------------------------------------------------------
// Hand-maintained: common schemes missing from schemes@1.4.0 (checked against
// its four lists). Each is in use in the wild; none is IANA-registered in that
// data. Add a line here, never to the generated file. `web+…` schemes (HTML's
// registerProtocolHandler) are known by prefix in src/schemes/index.ts.
// ---------------------------------------------------------------------------
const HAND_MAINTAINED = {
  // Browser extensions and browser-internal pages.
  'moz-extension': 'Firefox WebExtensions',
  'safari-web-extension': 'Safari Web Extensions',
  'ms-browser-extension': 'Edge (legacy) extensions',
  'edge': 'Microsoft Edge internal pages',
  'opera': 'Opera internal pages',
  'brave': 'Brave internal pages',
  'javascript': 'WHATWG URL §4.3 (script)',
  'vbscript': 'Internet Explorer (script)',
  // Desktop and mobile applications.
  'vscode': 'Visual Studio Code',
  'vscode-insiders': 'Visual Studio Code Insiders',
  'vscode-webview': 'Visual Studio Code webviews',
  'slack': 'Slack',
  'zoommtg': 'Zoom',
  'zoomus': 'Zoom',
  'msteams': 'Microsoft Teams',
  'figma': 'Figma',
  'discord': 'Discord',
  'tg': 'Telegram',
  'whatsapp': 'WhatsApp',
  'itms-apps': 'Apple App Store',
  'itms-services': 'Apple enterprise app installation',
  'intent': 'Android intents (Chrome)',
  'capacitor': 'Capacitor',
  'ionic': 'Ionic',
  'exp': 'Expo',
  'exps': 'Expo',
  'fb': 'Facebook',
  'twitter': 'Twitter',
  'zotero': 'Zotero',
  'obsidian': 'Obsidian',
  'notion': 'Notion',
  'otpauth': 'Key Uri Format (one-time passwords)',
  // Databases, queues and services with a default port in ports.ts.
  'mongodb': 'MongoDB connection strings',
  // Runtimes' module specifiers, which are URIs: import('node:fs'), import('bun:sqlite').
  'node': 'Node.js built-in modules (node:fs)',
  'bun': 'Bun built-in modules (bun:sqlite)',
  'mongodb+srv': 'MongoDB connection strings (DNS seed list)',
  'postgresql': 'PostgreSQL connection URIs',
  'postgres': 'PostgreSQL connection URIs',
  'mysql': 'MySQL connection URIs',
  'amqp': 'AMQP 0-9-1 URI specification',
  'amqps': 'AMQP 0-9-1 URI specification',
  'mqtts': 'MQTT over TLS',
  'ftps': 'FTP over TLS',
  'jdbc': 'Java Database Connectivity',
  'mariadb': 'MariaDB connection URIs',
  'mssql': 'SQL Server connection URIs (node-mssql, Prisma)',
  'sqlserver': 'SQL Server connection URIs (Prisma, JDBC)',
  'sqlite': 'SQLite database URLs (SQLAlchemy, Prisma, Drizzle)',
  'clickhouse': 'ClickHouse connection URIs',
  'cassandra': 'Cassandra connection URIs',
  'couchbase': 'Couchbase connection strings',
  'couchdb': 'CouchDB URLs',
  'neo4j': 'Neo4j driver URIs',
  'neo4j+s': 'Neo4j driver URIs over TLS',
  'bolt': 'Neo4j Bolt protocol',
  'memcached': 'Memcached connection URIs',
  'elasticsearch': 'Elasticsearch client URLs',
  'influxdb': 'InfluxDB connection URIs',
  'kafka': 'Apache Kafka bootstrap URLs',
  'nats': 'NATS server URLs',
  'tls': 'NATS, Kafka and Deno TLS endpoints',
  'grpc': 'gRPC target URIs',
  'grpcs': 'gRPC target URIs over TLS',
  'consul': 'Consul addresses',
  'etcd': 'etcd endpoints',
  'zk': 'ZooKeeper connection strings',
  'zookeeper': 'ZooKeeper connection strings',
  // Proxies and sockets: agents (socks-proxy-agent, undici's ProxyAgent), Docker and system endpoints.
  'socks': 'SOCKS proxies',
  'socks4': 'SOCKS4 proxies',
  'socks4a': 'SOCKS4a proxies',
  'socks5': 'SOCKS5 proxies',
  'socks5h': 'SOCKS5 proxies, host names resolved by the proxy',
  'unix': 'Unix domain sockets (Docker, gRPC, uvicorn)',
  'npipe': 'Windows named pipes (Docker)',
  'tcp': 'TCP endpoints (Docker, NATS, Redis clients)',
  'docker': 'Docker image references',
  'oci': 'OCI registry references (Helm)',
  // Cloud storage.
  'abfs': 'Azure Data Lake Storage Gen2',
  'abfss': 'Azure Data Lake Storage Gen2 over TLS',
  'wasb': 'Azure Blob Storage (Hadoop)',
  'wasbs': 'Azure Blob Storage over TLS (Hadoop)',
  // Version control, packages, content addressing.
  'git+ssh': 'npm / pip VCS URLs',
  'git+https': 'npm / pip VCS URLs',
  'git+http': 'npm / pip VCS URLs',
  'git+file': 'npm / pip VCS URLs',
  'svn+ssh': 'Subversion over SSH',
  'npm': 'npm package aliases',
  'ipfs': 'IPFS',
  'ipns': 'IPFS naming',
  'http+unix': 'HTTP over Unix sockets',
  'hdfs': 'Hadoop Distributed File System',
  'gemini': 'Gemini protocol',
  'matrix': 'Matrix',
  'ethereum': 'EIP-681',
  'lightning': 'BOLT 11',
};

// ---------------------------------------------------------------------------
// Generation.
// ---------------------------------------------------------------------------
const SOURCES = [
  ['permanent', 'iana-permanent.json'],
  ['provisional', 'iana-provisional.json'],
  ['historical', 'iana-historical.json'],
  ['unofficial', 'unofficial.json'],
];

/** One short reference: `RFC 6733`, a draft's name, or the link; the first two at most. */
function shortReference(entry) {
  const refs = [];
  for (const ref of entry.reference ?? []) {
    const href = String(ref.href ?? '');
    const rfc = /\/rfc(\d+)$/i.exec(href);
    if (rfc) refs.push(`RFC ${Number(rfc[1])}`);
    else if (ref.type === 'draft') refs.push(href.replace(/^.*\/go\//, ''));
    else if (ref.type === 'registry' && href.endsWith('/urn-namespaces')) refs.push('IANA URN Namespaces');
    else if (href) refs.push(href);
  }
  const unique = [...new Set(refs)];
  if (unique.length > 0) return unique.slice(0, 2).join(', ');
  if (entry.description && entry.description.toLowerCase() !== entry.scheme.toLowerCase()) return entry.description;
  return undefined;
}

const table = new Map();
for (const [status, file] of SOURCES) {
  const entries = JSON.parse(readFileSync(join(libDir, file), 'utf8'));
  for (const entry of entries) {
    const name = entry.scheme.toLowerCase();
    // The first list wins (as in the package's own index.js): IANA before unofficial.
    if (table.has(name)) continue;
    table.set(name, { status, reference: shortReference(entry) });
  }
}
for (const [name, reference] of Object.entries(HAND_MAINTAINED)) {
  if (table.has(name)) {
    console.error(`generate-schemes: "${name}" is in schemes@${pkg.version} already; remove it from HAND_MAINTAINED.`);
    process.exit(1);
  }
  table.set(name, { status: 'unofficial', reference });
}

const STATUS_CONST = { permanent: 'P', provisional: 'V', historical: 'H', unofficial: 'U' };
const str = (text) => `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
const key = (name) => (/^[a-z_$][a-z0-9_$]*$/.test(name) ? name : str(name));

const names = [...table.keys()].sort();
const lines = [
  '// Generated — do not edit. Run `node packages/core/scripts/generate-schemes.mjs`.',
  `// Source: the npm package schemes@${pkg.version} (IANA URI Schemes registry:`,
  '// permanent, provisional and historical, plus its unofficial list), and the',
  '// hand-maintained list of common unregistered schemes in the script.',
  `// Generated from schemes@${pkg.version}; no run date is written, so regenerating never drifts.`,
  '',
  "export type RegistryStatus = 'permanent' | 'provisional' | 'historical' | 'unofficial';",
  '',
  "const P = 'permanent';",
  "const V = 'provisional';",
  "const H = 'historical';",
  "const U = 'unofficial';",
  '',
  '/** Lower-case scheme name → [status, short reference]. */',
  'export const SCHEME_REGISTRY: Readonly<Record<string, readonly [RegistryStatus, string?]>> = {',
];
for (const name of names) {
  const { status, reference } = table.get(name);
  const value = reference === undefined ? `[${STATUS_CONST[status]}]` : `[${STATUS_CONST[status]}, ${str(reference)}]`;
  lines.push(`  ${key(name)}: ${value},`);
}
lines.push('};', '');
const next = lines.join('\n');

let current;
try {
  current = readFileSync(outUrl, 'utf8');
} catch {
  current = undefined;
}

const outPath = fileURLToPath(outUrl);
if (process.argv.includes('--check')) {
  if (current !== next) {
    console.error(`${outPath} is out of date with schemes@${pkg.version} and the hand-maintained list. Run \`node packages/core/scripts/generate-schemes.mjs\`.`);
    process.exit(1);
  }
  console.log(`${outPath}: up to date (${names.length} schemes).`);
} else {
  writeFileSync(outUrl, next);
  console.log(`${outPath}: written (${names.length} schemes).`);
}
