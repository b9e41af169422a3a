/** The favourites endpoints (issue 10, docs/PROTOCOL.md "Favourites"), spread into `api`. */
import { z } from 'zod';
import { e, type Endpoint } from './api-endpoint.js';
import { nothing } from './schemas/common.js';
import { favourite, favouriteAddRequest, favouriteIdParams, favouriteListQuery } from './schemas/favourite.js';

export const favouriteEndpoints = {
  favouriteAdd: e({ method: 'POST', path: '/favourite/add', auth: true, body: favouriteAddRequest, reply: favourite }),
  favouriteList: e({
    method: 'GET',
    path: '/favourite/list',
    auth: true,
    query: favouriteListQuery,
    reply: z.array(favourite),
  }),
  favouriteDelete: e({
    method: 'DELETE',
    path: '/favourite/:id',
    auth: true,
    params: favouriteIdParams,
    reply: nothing,
  }),
} as const satisfies Record<string, Endpoint>;
