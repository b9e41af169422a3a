// The composer asks for a preview of the first link typed with its scheme.
import { describe, expect, it } from 'vitest';
import { firstLink } from './useLinkPreview';

describe('firstLink', () => {
  it('the first http(s) link, without the sentence punctuation after it', () => {
    expect(firstLink('see https://example.com/a?b=1. and http://other.org')).toBe('https://example.com/a?b=1');
    expect(firstLink('HTTP://Example.com/x #smile; text')).toBe('HTTP://Example.com/x');
  });
  it('none for bare www links, other schemes or plain text', () => {
    expect(firstLink('www.example.com and ftp://example.com')).toBeUndefined();
    expect(firstLink('no links here')).toBeUndefined();
  });
});
