/** The Discover tab's external links: real pages about the open-source stack Parley builds on. */
export interface DiscoverLink {
  /** i18n key under discover.links */
  key: string;
  url: string;
}

export const DISCOVER_LINKS: readonly DiscoverLink[] = [
  { key: 'boxIm', url: 'https://gitee.com/bluexsx/box-im' },
  { key: 'webrtc', url: 'https://webrtc.org/' },
  { key: 'mdn', url: 'https://developer.mozilla.org/' },
  { key: 'react', url: 'https://react.dev/' },
];
