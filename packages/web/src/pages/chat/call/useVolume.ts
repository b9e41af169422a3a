import { useEffect, useState } from 'react';
import { audioOutputs } from '../../../calls/media';
import type { VolumeProps } from './CallControls';

/** The call's speaker volume and output device; the outputs are listed once the media permission was given. */
export function useVolume(hasMedia: boolean): VolumeProps {
  const [volume, onVolume] = useState(1);
  const [speaker, onSpeaker] = useState('');
  const [speakers, setSpeakers] = useState<MediaDeviceInfo[]>([]);
  useEffect(() => {
    if (hasMedia) void audioOutputs().then(setSpeakers);
  }, [hasMedia]);
  return { volume, onVolume, speakers, speaker, onSpeaker };
}
