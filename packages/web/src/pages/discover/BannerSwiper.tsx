/**
 * The banner of featured links (spec §9: a slide every 5,000 ms, 500 ms transition).
 * It pauses while a mouse is over it, a finger is on it or it holds the keyboard focus;
 * a drag moves one slide; the dots jump to a slide.
 */
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DiscoverLink } from '@parley/protocol';
import {
  SWIPER_DURATION_MS,
  SWIPER_INTERVAL_MS,
  clampIndex,
  indexAfterDrag,
  nextIndex,
  trackTransform,
} from './swiperLogic';

/** A press that moved less than this is a tap (opens the link), not a drag. */
const TAP_SLOP = 6;

interface BannerSwiperProps {
  slides: DiscoverLink[];
  onOpen: (link: DiscoverLink) => void;
}

export function BannerSwiper({ slides, onOpen }: BannerSwiperProps) {
  const { t } = useTranslation();
  const root = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const press = useRef<{ x: number; width: number; pointerId: number } | null>(null);
  const [drag, setDrag] = useState<number | null>(null);
  const count = slides.length;
  const shown = clampIndex(index, count);
  const rtl = typeof document !== 'undefined' && document.documentElement.dir === 'rtl';
  const paused = hovered || focused || drag !== null;

  // A fresh full interval after every change, automatic or by hand.
  useEffect(() => {
    if (paused || count < 2) return;
    const timer = setTimeout(() => setIndex(nextIndex(shown, count)), SWIPER_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [shown, count, paused]);

  const down = (e: PointerEvent<HTMLDivElement>) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    press.current = { x: e.clientX, width: root.current?.clientWidth ?? 0, pointerId: e.pointerId };
    setDrag(0);
  };
  const move = (e: PointerEvent<HTMLDivElement>) => {
    const p = press.current;
    if (!p || p.pointerId !== e.pointerId) return;
    const dx = e.clientX - p.x;
    if (Math.abs(dx) > TAP_SLOP && !e.currentTarget.hasPointerCapture(e.pointerId)) {
      e.currentTarget.setPointerCapture(e.pointerId);
    }
    setDrag(dx);
  };
  const up = (e: PointerEvent<HTMLDivElement>, cancelled = false) => {
    const p = press.current;
    if (!p || p.pointerId !== e.pointerId) return;
    press.current = null;
    const dx = e.clientX - p.x;
    setDrag(null);
    if (cancelled) return;
    if (Math.abs(dx) <= TAP_SLOP) {
      const link = slides[shown];
      if (link) onOpen(link);
      return;
    }
    setIndex(indexAfterDrag(shown, count, dx, p.width, rtl));
  };

  return (
    <section
      className="swiper"
      aria-roledescription="carousel"
      aria-label={t('discover.featured')}
      data-testid="discover-banner"
      onPointerEnter={(e) => e.pointerType === 'mouse' && setHovered(true)}
      onPointerLeave={(e) => e.pointerType === 'mouse' && setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget as Node | null) && setFocused(false)}
      data-paused={paused}
    >
      <div
        ref={root}
        className="swiper__viewport"
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={(e) => up(e)}
        onPointerCancel={(e) => up(e, true)}
      >
        <div
          className="swiper__track"
          style={{
            transform: trackTransform(shown, drag ?? 0, rtl),
            transition: drag === null ? `transform ${SWIPER_DURATION_MS}ms ease` : 'none',
          }}
        >
          {slides.map((link, i) => (
            <div
              key={link.id}
              className="swiper__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={t('discover.slide', { index: i + 1, total: count })}
              aria-hidden={i !== shown}
              data-testid={`discover-slide-${link.id}`}
            >
              {link.bannerUrl ? (
                <img className="swiper__img" src={link.bannerUrl} alt="" draggable={false} />
              ) : (
                <span className="swiper__fallback" aria-hidden="true" />
              )}
              <button
                type="button"
                className="swiper__caption"
                tabIndex={i === shown ? 0 : -1}
                // pointer-events: none, so only the keyboard clicks it; the viewport handles taps
                onClick={() => onOpen(link)}
              >
                {link.title}
              </button>
            </div>
          ))}
        </div>
      </div>
      {count > 1 && (
        <div className="swiper__dots">
          {slides.map((link, i) => (
            <button
              key={link.id}
              type="button"
              className={i === shown ? 'swiper__dot swiper__dot--active' : 'swiper__dot'}
              aria-label={t('discover.slide', { index: i + 1, total: count })}
              aria-current={i === shown}
              onClick={() => setIndex(i)}
              data-testid={`discover-dot-${i}`}
            />
          ))}
        </div>
      )}
    </section>
  );
}
