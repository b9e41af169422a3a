export * from './server.js';
export * from './browser.js';
