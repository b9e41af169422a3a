export * from './server.js';
export * from './browser.js';
export * from './flows.js';
export * from './png.js';
