/**
 * The chat bubbles read the chat box context (image viewer, video player, names); outside
 * a chat box this gives them what they need: the viewers for a tapped image or video.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatType } from '@parley/protocol';
import { ZoomImageViewer } from '../../../ui/ZoomImageViewer';
import { ChatBoxContext, type ChatBoxApi } from '../../chat/box/ChatBoxContext';
import { VideoPlayer } from '../../chat/box/VideoPlayer';
import { stopVoice } from '../../chat/box/lib/voicePlayer';
import '../../chat/box/bubbles.css';

const nobody = { name: '', avatar: '' };
const ignore = () => undefined;

export function FavouriteMedia({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [image, setImage] = useState<{ src: string; placeholder: string } | null>(null);
  const [video, setVideo] = useState<string | null>(null);
  const api = useMemo<ChatBoxApi>(
    () => ({
      type: ChatType.PRIVATE,
      targetId: 0,
      selfId: 0,
      self: nobody,
      peer: nobody,
      personOf: (_id, sentName) => ({ name: sentName ?? '', avatar: '' }),
      openReaders: ignore,
      openMenu: ignore,
      showReactors: ignore,
      react: ignore,
      jumpToId: ignore,
      openImage: (src, placeholder) => setImage({ src, placeholder }),
      openVideo: (src) => {
        stopVoice();
        setVideo(src);
      },
      reedit: ignore,
    }),
    [],
  );
  return (
    <ChatBoxContext.Provider value={api}>
      {children}
      {image && (
        <ZoomImageViewer
          src={image.src}
          placeholder={image.placeholder}
          alt={t('chat.preview.image')}
          onClose={() => setImage(null)}
        />
      )}
      {video && <VideoPlayer src={video} onClose={() => setVideo(null)} />}
    </ChatBoxContext.Provider>
  );
}
