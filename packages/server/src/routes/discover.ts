/** Thin handler for the Discover tab's links (docs/PROTOCOL.md "Discover"): any signed-in user. */
import type { Handler } from '../http/handlers.js';
import type { Services } from '../services/index.js';

export const discoverRoutes = ({ discover }: Services) => {
  const discoverLinks: Handler<'discoverLinks'> = () => discover.list();
  return { discoverLinks };
};
