/**
 * The in-call grid of a group call (docs/CALLS.md §8.5): 1 tile fills, 2 side by side,
 * 3–4 make 2×2, 5–9 make 3×3; the speaker's tile (tapped, else the loudest) is enlarged.
 * Each tile shows the video or the avatar, the name, a muted-mic badge and the link state.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { gridLayout, speakerTile, type Participant } from '../../../calls/groupMesh';
import type { GroupCallView } from '../../../calls/groupCall';
import { setSpeaker } from '../../../calls/media';
import { Avatar } from '../../../ui/Avatar';
import { useStream } from './CallStage';
import { CallIcon } from './icons';

interface GridProps {
  view: GroupCallView;
  selfId: number;
  tapped: number | null;
  onTap: (userId: number | null) => void;
  volume: number;
  speaker: string;
}

export function GroupGrid({ view, selfId, tapped, onTap, volume, speaker }: GridProps) {
  const tiles = view.participants;
  const { columns, rows } = gridLayout(tiles.length);
  const big = speakerTile(tiles.length, tapped, view.loudest);
  return (
    <div
      className="group-grid"
      data-testid="group-grid"
      data-count={tiles.length}
      data-columns={columns}
      data-rows={rows}
      style={{ gridTemplateColumns: `repeat(${columns}, 1fr)` }}
    >
      {tiles.map((p) => (
        <Tile
          key={p.id}
          p={p}
          self={p.id === selfId}
          view={view}
          big={big === p.id}
          onTap={() => onTap(tapped === p.id ? null : p.id)}
          volume={volume}
          speaker={speaker}
        />
      ))}
    </div>
  );
}

interface TileProps {
  p: Participant;
  self: boolean;
  view: GroupCallView;
  big: boolean;
  onTap: () => void;
  volume: number;
  speaker: string;
}

function Tile({ p, self, view, big, onTap, volume, speaker }: TileProps) {
  const { t } = useTranslation();
  const stream = self ? view.local : (view.remotes[p.id] ?? null);
  const camera = self ? view.cameraOn : p.isCamera;
  const mic = self ? !view.muted : p.isMicroPhone;
  const [videoRef, videoEl] = useStream<HTMLVideoElement>(stream);
  useEffect(() => {
    for (const el of [videoEl.current]) {
      if (!el || self) continue;
      el.volume = volume;
      if (speaker) setSpeaker(el, speaker);
    }
  }, [videoEl, self, volume, speaker, stream]);
  const link = view.links[p.id];
  const state = self
    ? ''
    : !p.joined
      ? t('call.calling')
      : link === 'connected'
        ? ''
        : link === 'disconnected' || link === 'failed'
          ? t('call.reconnecting')
          : t('call.connecting');
  return (
    <button
      type="button"
      className={`group-tile${big ? ' group-tile--big' : ''}${self ? ' group-tile--self' : ''}`}
      onClick={onTap}
      data-testid={`group-tile-${p.id}`}
      data-joined={p.joined}
      data-link={self ? 'self' : (link ?? 'new')}
      data-camera={camera}
      data-mic={mic}
      data-big={big}
    >
      {/* The remote video element also carries the sound; my own is muted. */}
      <video ref={videoRef} className="group-tile__video" autoPlay playsInline muted={self} hidden={!camera} />
      {!camera && <Avatar src={p.avatar} name={p.name} colourId={p.id} size={big ? 88 : 56} />}
      <span className="group-tile__name">
        {!mic && (
          <span className="group-tile__mic" aria-label={t('call.group.micOff')}>
            <CallIcon name="micOff" size={14} />
          </span>
        )}
        {self ? t('call.group.you') : p.name}
      </span>
      {state && (
        <span className="group-tile__state" data-testid={`group-tile-state-${p.id}`}>
          {state}
        </span>
      )}
    </button>
  );
}
