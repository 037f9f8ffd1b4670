// Works offline once loaded: the build writes a service worker (sw.js) that, when the page first
// loads, stores every file of the build — the readers loaded on demand too — and from then on
// answers the page's requests for them from that store. Its cache is named after the build's files,
// so a new build replaces it. It answers only requests for the site's own files.
import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

/** The service worker's source, for the build's `files` (relative to sw.js). */
export function serviceWorker(files: readonly string[]): string {
  const name = `urilint-playground-${createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 16)}`;
  return `// Written by the playground's build (offline.ts).
const CACHE = ${JSON.stringify(name)};
const FILES = ${JSON.stringify(['./', ...files])};
self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});
self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys().then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key)))).then(() => self.clients.claim()));
});
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== self.location.origin) return;
  // The page itself by its address without the fragment or query; every other file by its path.
  const key = url.pathname === new URL('./', self.location.href).pathname ? './' : event.request;
  event.respondWith(caches.open(CACHE).then((cache) => cache.match(key, { ignoreSearch: true })).then((hit) => hit ?? fetch(event.request)));
});
`;
}

/** The Vite plugin that writes sw.js beside index.html. */
export function offline(): Plugin {
  return {
    name: 'urilint-offline',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle).sort();
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: serviceWorker(files) });
    },
  };
}
