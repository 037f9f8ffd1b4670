// A small API client: fetch, axios, WebSocket and URL building.
import axios from 'axios';
import { API_BASE, CDN_BASE } from './config';

export interface Product {
  id: number;
  name: string;
  price: number;
}

export async function getProduct(id: number): Promise<Product> {
  const response = await fetch(`${API_BASE}/products/${id}`);
  if (!response.ok) throw new Error(`GET /products/${id} failed: ${response.status}`);
  return (await response.json()) as Product;
}

export async function searchProducts(term: string): Promise<Product[]> {
  // planted: a space in the query, next to a ${} (the space after "price")
  const response = await fetch(`${API_BASE}/search?q=${encodeURIComponent(term)}&sort=price desc`);
  return (await response.json()) as Product[];
}

export async function listFields(): Promise<string[]> {
  // planted: "|" unescaped in the query
  const { data } = await axios.get('https://api.example.com/v2/products?fields=id|name');
  return data as string[];
}

export async function openItems(): Promise<unknown> {
  // planted: "[" and "]" unescaped in the query
  const { data } = await axios.get('https://api.example.com/v2/items?filter[status]=open');
  return data;
}

export async function compare(): Promise<unknown> {
  // planted: "<" and ">" unescaped in the query
  const response = await fetch('https://api.example.com/v2/compare?range=<2026-01>');
  return response.json();
}

export function downloadReport(): Promise<Response> {
  // planted: a space in the path
  return fetch('https://cdn.example.com/assets/Quarterly Report 2026.pdf');
}

export function downloadSummary(): Promise<Response> {
  // planted: a space written as \x20 in the literal
  return fetch('https://cdn.example.com/assets/summary\x202026.pdf');
}

export function legacyLookup(): URL {
  // planted: percent-encoded octets that are not UTF-8 ("%C3%28")
  return new URL('https://legacy.example.com/lookup?name=%C3%28');
}

export function badEscape(): URL {
  // planted: "%zz" is not a percent-encoded octet
  return new URL('https://example.com/search?q=%zz');
}

export function subscribe(onEvent: (data: string) => void): WebSocket {
  // planted: an invalid scheme ("_" is not allowed in a scheme)
  const socket = new WebSocket('web_hook://events.example.com/stream');
  socket.addEventListener('message', (event) => onEvent(String(event.data)));
  return socket;
}

export function progressBadge(done: number): string {
  // planted: a lone "%" right after ${done} in a template literal
  return `https://badges.example.com/progress?value=${done}%&style=flat`;
}

export function productImage(id: number, size: number): URL {
  const url = new URL(`/images/${id}.png`, CDN_BASE);
  url.searchParams.set('w', String(size));
  return url;
}
