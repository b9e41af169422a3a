import { describe, expect, it } from 'vitest';
import { AT_ALL } from '@parley/protocol';
import { atUserIdsOf, insertMention, splitMentions, typedAt } from './mentions';

describe('mentions', () => {
  it('notices a typed @ only', () => {
    expect(typedAt('hi ', 'hi @', 4)).toBe(true);
    expect(typedAt('hi', 'hi@x', 3)).toBe(false); // a paste
    expect(typedAt('hi @', 'hi ', 3)).toBe(false);
  });

  it('writes the picked name after the @ and moves the caret past it', () => {
    expect(insertMention('hi @ there', 4, 'Ann')).toEqual({ value: 'hi @Ann  there', caret: 8 });
    expect(insertMention('hi', 2, 'Bob')).toEqual({ value: 'hi@Bob ', caret: 7 });
  });

  it('sends only mentions still in the text, everyone first', () => {
    const mentions = [
      { userId: 2, name: 'Ann' },
      { userId: 3, name: 'Bob' },
      { userId: 2, name: 'Ann' },
      { userId: AT_ALL, name: 'All' },
    ];
    expect(atUserIdsOf('@Ann hi @All', mentions)).toEqual([AT_ALL, 2]);
    expect(atUserIdsOf('no names', mentions)).toEqual([]);
  });

  it('splits text at mentions, longest name first', () => {
    expect(splitMentions('hey @Ann Lee and @Ann!', ['Ann', 'Ann Lee'])).toEqual([
      { kind: 'text', text: 'hey ' },
      { kind: 'at', text: '@Ann Lee' },
      { kind: 'text', text: ' and ' },
      { kind: 'at', text: '@Ann' },
      { kind: 'text', text: '!' },
    ]);
    expect(splitMentions('a (b) @x.y', ['x.y'])).toEqual([
      { kind: 'text', text: 'a (b) ' },
      { kind: 'at', text: '@x.y' },
    ]);
    expect(splitMentions('plain', ['Ann'])).toEqual([{ kind: 'text', text: 'plain' }]);
  });
});
