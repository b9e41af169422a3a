// Avatar colours follow the person, not the name shown.
import { describe, expect, it } from 'vitest';
import { avatarColour } from './avatarColour';

describe('avatarColour', () => {
  it('is the same for one id whatever the name, and spreads over ids', () => {
    expect(avatarColour(42)).toBe(avatarColour('42'));
    const colours = new Set(Array.from({ length: 40 }, (_, i) => avatarColour(i + 1)));
    expect(colours.size).toBeGreaterThan(4);
  });

  it('white letters stay readable on every colour (WCAG AA for large text, 3:1)', () => {
    const lum = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => {
        const c = parseInt(hex.slice(i, i + 2), 16) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    for (let i = 0; i < 64; i++) expect(1.05 / (lum(avatarColour(i)) + 0.05)).toBeGreaterThanOrEqual(3);
  });
});
