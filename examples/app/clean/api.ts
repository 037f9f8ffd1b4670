// The same kind of API client as src/api.ts, with only correct URIs.
import axios from 'axios';
import { API_BASE, CDN_BASE, GITHUB_REPO } from './config';

export interface Product {
  id: number;
  name: string;
}

export async function getProduct(id: number): Promise<Product> {
  const response = await fetch(`${API_BASE}/products/${id}`);
  if (!response.ok) throw new Error(`GET ${API_BASE}/products/${id} failed: ${response.status}`);
  return (await response.json()) as Product;
}

export async function searchProducts(term: string): Promise<Product[]> {
  const response = await fetch(`${API_BASE}/search?q=${encodeURIComponent(term)}&sort=price%20desc`);
  return (await response.json()) as Product[];
}

export async function listFields(): Promise<string[]> {
  const { data } = await axios.get('https://api.example.com/v2/products?fields=id%7Cname');
  return data as string[];
}

export async function openItems(): Promise<unknown> {
  const { data } = await axios.get('https://api.example.com/v2/items?filter%5Bstatus%5D=open');
  return data;
}

export function downloadReport(): Promise<Response> {
  return fetch('https://cdn.example.com/assets/Quarterly%20Report%202026.pdf');
}

export function legacyLookup(): URL {
  return new URL('https://legacy.example.com/lookup?name=%C3%A9');
}

export function subscribe(onEvent: (data: string) => void): WebSocket {
  const socket = new WebSocket('wss://events.example.com/stream');
  socket.addEventListener('message', (event) => onEvent(String(event.data)));
  return socket;
}

export function progressBadge(done: number): string {
  return `https://badges.example.com/progress?value=${done}%25&style=flat`;
}

export function repoUrl(owner: string, repo: string): string {
  return GITHUB_REPO.replace('{owner}', owner).replace('{repo}', repo);
}

export function apiUrl(host: string, port: number, path: string): string {
  return 'https://' + host + ':' + port + '/' + path;
}

export function isSecure(url: string): boolean {
  return url.startsWith('https://') || url.startsWith('wss://');
}

export function isAbsolute(url: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(url) || url.indexOf('//') === 0;
}

export function productImage(id: number, size: number): URL {
  const url = new URL(`/images/${id}.png`, CDN_BASE);
  url.searchParams.set('w', String(size));
  return url;
}

export function describe(url: string): string {
  return `Fetching ${url} from https://api.example.com/v2 (see https://docs.example.com/limits).`;
}

export function svgElement(): Element {
  return document.createElementNS('http://www.w3.org/2000/svg', 'svg');
}
