export { startServer } from './server.js';
export * from './service/index.js';
