/** Thin handlers for the favourites endpoints (docs/PROTOCOL.md "Favourites"). */
import type { Handler } from '../http/handlers.js';
import type { Services } from '../services/index.js';

export const favouriteRoutes = ({ favourites }: Services) => {
  const favouriteAdd: Handler<'favouriteAdd'> = ({ auth, body }) => favourites.add(auth.userId, body);
  const favouriteList: Handler<'favouriteList'> = ({ auth, query }) => favourites.list(auth.userId, query);
  const favouriteDelete: Handler<'favouriteDelete'> = async ({ auth, params }) => {
    await favourites.remove(auth.userId, params.id);
    return null;
  };
  return { favouriteAdd, favouriteList, favouriteDelete };
};
