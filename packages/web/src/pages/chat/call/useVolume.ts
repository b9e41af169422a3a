import { useEffect, useState } from 'react';
import { audioOutputs } from '../../../calls/media';
import type { VolumeProps } from './CallControls';

/** The call's speaker (on/off), volume and output device; the outputs are listed once the media permission was given. */
export function useVolume(hasMedia: boolean): VolumeProps {
  const [volume, setVolume] = useState(1);
  const [speakerOn, setSpeakerOn] = useState(true);
  const [speaker, onSpeaker] = useState('');
  const [speakers, setSpeakers] = useState<MediaDeviceInfo[]>([]);
  useEffect(() => {
    if (hasMedia) void audioOutputs().then(setSpeakers);
  }, [hasMedia]);
  // The slider at 0 is the speaker off, and moving it up turns the speaker back on.
  const onVolume = (v: number) => {
    setVolume(v);
    setSpeakerOn(v > 0);
  };
  const onSpeakerToggle = () => {
    if (!speakerOn && volume === 0) setVolume(1);
    setSpeakerOn(!speakerOn);
  };
  // The speaker off plays nothing and shows the slider at 0; on again, the volume it had comes back.
  return {
    volume: speakerOn ? volume : 0,
    onVolume,
    speakerOn,
    onSpeakerToggle,
    speakers,
    speaker,
    onSpeaker,
  };
}
