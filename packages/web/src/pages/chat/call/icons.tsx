/** Stroke icons of the call page (24×24). */
const PATHS = {
  phone: 'M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2',
  hangup: 'M3 14.5c5-5 13-5 18 0l-2.5 2.5-3.5-1.5v-2.5a9 9 0 0 0-6 0v2.5L5.5 17z',
  video: 'M3 7h12v10H3zM15 10l6-3v10l-6-3',
  videoOff: 'M3 7h12v10H3zM15 10l6-3v10l-6-3M2 3l20 18',
  mic: 'M12 3a3 3 0 0 1 3 3v6a3 3 0 0 1-6 0V6a3 3 0 0 1 3-3M5 11a7 7 0 0 0 14 0M12 18v3',
  micOff: 'M12 3a3 3 0 0 1 3 3v6a3 3 0 0 1-6 0V6a3 3 0 0 1 3-3M5 11a7 7 0 0 0 14 0M12 18v3M3 3l18 18',
  flip: 'M4 8h3l2-3h6l2 3h3v11H4zM9 13a3 3 0 0 1 5-2M15 13a3 3 0 0 1-5 2M14 9v2h-2M10 17v-2h2',
  speaker: 'M4 9h4l5-4v14l-5-4H4zM16 9a4 4 0 0 1 0 6M18.5 6.5a8 8 0 0 1 0 11',
  speakerOff: 'M4 9h4l5-4v14l-5-4H4zM16.5 9.5l5 5M21.5 9.5l-5 5',
  addUser: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8M2 21a7 7 0 0 1 14 0M19 8v6M16 11h6',
  endAll: 'M3 14.5c5-5 13-5 18 0l-2.5 2.5-3.5-1.5v-2.5a9 9 0 0 0-6 0v2.5L5.5 17zM8 4l8 6M16 4l-8 6',
} as const;

export type CallIconName = keyof typeof PATHS;

export function CallIcon({ name, size = 26 }: { name: CallIconName; size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
      <path
        d={PATHS[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.7"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
