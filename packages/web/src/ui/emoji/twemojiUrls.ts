/**
 * The 58 emoji of spec §3 as Twemoji SVGs (CC-BY 4.0, see NOTICE). One import
 * each, so the build copies exactly these files (no CDN, never inlined).
 * Generated from packages/protocol/src/emoji.ts: one line per name, in its order.
 */
import smile from '@twemoji/svg/1f642.svg?url&no-inline';
import grin from '@twemoji/svg/1f601.svg?url&no-inline';
import joy from '@twemoji/svg/1f602.svg?url&no-inline';
import rofl from '@twemoji/svg/1f923.svg?url&no-inline';
import wink from '@twemoji/svg/1f609.svg?url&no-inline';
import blush from '@twemoji/svg/1f60a.svg?url&no-inline';
import heartEyes from '@twemoji/svg/1f60d.svg?url&no-inline';
import kiss from '@twemoji/svg/1f618.svg?url&no-inline';
import yum from '@twemoji/svg/1f60b.svg?url&no-inline';
import tongue from '@twemoji/svg/1f61b.svg?url&no-inline';
import crazy from '@twemoji/svg/1f92a.svg?url&no-inline';
import hug from '@twemoji/svg/1f917.svg?url&no-inline';
import think from '@twemoji/svg/1f914.svg?url&no-inline';
import shush from '@twemoji/svg/1f92b.svg?url&no-inline';
import neutral from '@twemoji/svg/1f610.svg?url&no-inline';
import smirk from '@twemoji/svg/1f60f.svg?url&no-inline';
import rollEyes from '@twemoji/svg/1f644.svg?url&no-inline';
import relieved from '@twemoji/svg/1f60c.svg?url&no-inline';
import sleepy from '@twemoji/svg/1f62a.svg?url&no-inline';
import sleep from '@twemoji/svg/1f634.svg?url&no-inline';
import mask from '@twemoji/svg/1f637.svg?url&no-inline';
import sick from '@twemoji/svg/1f922.svg?url&no-inline';
import hot from '@twemoji/svg/1f975.svg?url&no-inline';
import cold from '@twemoji/svg/1f976.svg?url&no-inline';
import dizzy from '@twemoji/svg/1f635.svg?url&no-inline';
import cool from '@twemoji/svg/1f60e.svg?url&no-inline';
import nerd from '@twemoji/svg/1f913.svg?url&no-inline';
import confused from '@twemoji/svg/1f615.svg?url&no-inline';
import worried from '@twemoji/svg/1f61f.svg?url&no-inline';
import surprised from '@twemoji/svg/1f62e.svg?url&no-inline';
import flushed from '@twemoji/svg/1f633.svg?url&no-inline';
import pleading from '@twemoji/svg/1f97a.svg?url&no-inline';
import fearful from '@twemoji/svg/1f628.svg?url&no-inline';
import cry from '@twemoji/svg/1f622.svg?url&no-inline';
import sob from '@twemoji/svg/1f62d.svg?url&no-inline';
import scream from '@twemoji/svg/1f631.svg?url&no-inline';
import sweat from '@twemoji/svg/1f613.svg?url&no-inline';
import angry from '@twemoji/svg/1f620.svg?url&no-inline';
import rage from '@twemoji/svg/1f621.svg?url&no-inline';
import skull from '@twemoji/svg/1f480.svg?url&no-inline';
import poop from '@twemoji/svg/1f4a9.svg?url&no-inline';
import clown from '@twemoji/svg/1f921.svg?url&no-inline';
import ghost from '@twemoji/svg/1f47b.svg?url&no-inline';
import party from '@twemoji/svg/1f973.svg?url&no-inline';
import heart from '@twemoji/svg/2764.svg?url&no-inline';
import brokenHeart from '@twemoji/svg/1f494.svg?url&no-inline';
import fire from '@twemoji/svg/1f525.svg?url&no-inline';
import star from '@twemoji/svg/2b50.svg?url&no-inline';
import thumbsUp from '@twemoji/svg/1f44d.svg?url&no-inline';
import thumbsDown from '@twemoji/svg/1f44e.svg?url&no-inline';
import ok from '@twemoji/svg/1f44c.svg?url&no-inline';
import clap from '@twemoji/svg/1f44f.svg?url&no-inline';
import pray from '@twemoji/svg/1f64f.svg?url&no-inline';
import muscle from '@twemoji/svg/1f4aa.svg?url&no-inline';
import wave from '@twemoji/svg/1f44b.svg?url&no-inline';
import rose from '@twemoji/svg/1f339.svg?url&no-inline';
import cake from '@twemoji/svg/1f382.svg?url&no-inline';
import gift from '@twemoji/svg/1f381.svg?url&no-inline';

export const EMOJI_URLS: Record<string, string> = {
  smile,
  grin,
  joy,
  rofl,
  wink,
  blush,
  heartEyes,
  kiss,
  yum,
  tongue,
  crazy,
  hug,
  think,
  shush,
  neutral,
  smirk,
  rollEyes,
  relieved,
  sleepy,
  sleep,
  mask,
  sick,
  hot,
  cold,
  dizzy,
  cool,
  nerd,
  confused,
  worried,
  surprised,
  flushed,
  pleading,
  fearful,
  cry,
  sob,
  scream,
  sweat,
  angry,
  rage,
  skull,
  poop,
  clown,
  ghost,
  party,
  heart,
  brokenHeart,
  fire,
  star,
  thumbsUp,
  thumbsDown,
  ok,
  clap,
  pray,
  muscle,
  wave,
  rose,
  cake,
  gift,
};
