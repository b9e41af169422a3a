// A toast never covers the control just pressed.
import { describe, expect, it } from 'vitest';
import { toastPlacement } from './toastPlacement';

describe('toastPlacement', () => {
  it('goes to the half the press was not in', () => {
    expect(toastPlacement(700, 844)).toBe('top');
    expect(toastPlacement(60, 844)).toBe('bottom');
    expect(toastPlacement(430, 844)).toBe('top');
  });
  it('goes to the top when no press is known', () => {
    expect(toastPlacement(null, 844)).toBe('top');
  });
});
