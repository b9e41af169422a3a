/** Thin handler of the message search endpoint (docs/PROTOCOL.md "Search"). */
import type { Handler } from '../http/handlers.js';
import type { Services } from '../services/index.js';

export const searchRoutes = ({ search }: Services) => {
  const messageSearch: Handler<'messageSearch'> = ({ auth, query }) => search.search(auth.userId, query);
  return { messageSearch };
};
