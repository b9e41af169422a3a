/** The chat details endpoints (issue 22 point 4) whose bad input bad-input-details.test.ts walks. */
export const DETAILS_BAD_INPUT = ['friendTop', 'groupTop', 'privateShared', 'groupShared'] as const;
