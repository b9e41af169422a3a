/**
 * Favourites for the screens: `useFavouritesList()` gives a page or the picker its own
 * list (live while mounted), `addFavourite` backs the message menu, and
 * `sendFavourite` puts a favourite into a chat through the ordinary send pipeline.
 */
import { useEffect, useMemo } from 'react';
import { Cmd, MessageStatus, type ChatType, type Favourite, type FavouriteChatType } from '@parley/protocol';
import { call } from '../api/call';
import { createStore, useStore } from '../app/createStore';
import { chatActions, type ChatMessage } from '../chat';
import { onReconnect, subscribeFrames } from '../socket';
import { createFavouritesList, EMPTY_FAVOURITES, type FavouritesList, type FavouritesState } from './favouritesList';
import type { FavouriteFilter } from './favouritesReducer';

export type { FavouritesState } from './favouritesList';
export type { FavouriteFilter } from './favouritesReducer';

/** A list with the app's REST calls and socket; started on mount, stopped on unmount. */
export function useFavouritesList(initial: FavouriteFilter = 'all'): [FavouritesState, FavouritesList] {
  const { store, list } = useMemo(() => {
    const s = createStore<FavouritesState>(EMPTY_FAVOURITES);
    const l = createFavouritesList(s, {
      load: (query) => call('favouriteList', { query, silent: true }),
      remove: (id) => call('favouriteDelete', { params: { id } }),
      subscribeFrames: (listener) => subscribeFrames(Cmd.PRIVATE_MESSAGE, (frame) => listener(frame.data)),
      subscribeReconnect: onReconnect,
    });
    return { store: s, list: l };
  }, []);
  useEffect(() => {
    list.start(initial);
    return () => list.stop();
    // The first filter only: later ones go through setFilter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [list]);
  return [useStore(store), list];
}

/** Keep a message; the request wrapper shows the catalogue error when refused. */
export function addFavourite(chatType: FavouriteChatType, messageId: number): Promise<Favourite> {
  return call('favouriteAdd', { body: { chatType, messageId } });
}

/** A new message of the favourite's type and content in the chat (uploads are reused, as a forward does). */
export function sendFavourite(fav: Favourite, type: ChatType, targetId: number): Promise<void> {
  const message: ChatMessage = {
    type: fav.type,
    content: fav.content,
    sendId: fav.sendId,
    sendTime: fav.sendTime,
    status: MessageStatus.SENDED,
    selfSend: false,
    loadStatus: 'ok',
  };
  return chatActions.forward(message, [{ type, targetId }]);
}
