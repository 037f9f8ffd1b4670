export { main, version } from './main.js';
export type { Io } from './io.js';
