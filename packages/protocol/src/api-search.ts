/** The message search endpoint (issue 11, docs/PROTOCOL.md "Search"), spread into `api`. */
import { e, type Endpoint } from './api-endpoint.js';
import { searchQuery, searchReply } from './schemas/search.js';

export const searchEndpoints = {
  messageSearch: e({ method: 'GET', path: '/message/search', auth: true, query: searchQuery, reply: searchReply }),
} as const satisfies Record<string, Endpoint>;
