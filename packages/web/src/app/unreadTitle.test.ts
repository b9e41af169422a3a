import { describe, expect, it } from 'vitest';
import { titleWithUnread } from './unreadTitle';

describe('tab title', () => {
  it('puts the unread total in front, capped at 99+', () => {
    expect(titleWithUnread('Parley', 0)).toBe('Parley');
    expect(titleWithUnread('Parley', 3)).toBe('(3) Parley');
    expect(titleWithUnread('Parley', 120)).toBe('(99+) Parley');
  });
});
