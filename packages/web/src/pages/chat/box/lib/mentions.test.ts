import { describe, expect, it } from 'vitest';
import { AT_ALL, AT_ALL_TEXT } from '@parley/protocol';
import { atAllFromWire, atAllToWire, atUserIdsOf, insertMention, mentionAt, splitMentions } from './mentions';

describe('mentions', () => {
  it('finds the @query being typed before the caret, not an e-mail address', () => {
    expect(mentionAt('hi @', 4)).toEqual({ at: 3, query: '' });
    expect(mentionAt('hi @an', 6)).toEqual({ at: 3, query: 'an' });
    expect(mentionAt('@', 1)).toEqual({ at: 0, query: '' });
    expect(mentionAt('你好@张', 4)).toEqual({ at: 2, query: '张' });
    expect(mentionAt('hi @an there', 12)).toBeNull(); // a space ends it
    expect(mentionAt('bob@example', 11)).toBeNull();
    expect(mentionAt('hi @an', 3)).toBeNull(); // caret before the @
  });

  it('replaces the typed @query with the picked name and moves the caret past it', () => {
    expect(insertMention('hi @ there', 3, 4, 'Ann')).toEqual({ value: 'hi @Ann  there', caret: 8 });
    expect(insertMention('hi @an', 3, 6, 'Ann Lee')).toEqual({ value: 'hi @Ann Lee ', caret: 12 });
  });

  it('sends everyone language-neutral and shows it in the reader’s language', () => {
    const wire = atAllToWire('@所有人 明天见 @所有人你好', [AT_ALL], '所有人');
    expect(wire).toBe(`${AT_ALL_TEXT} 明天见 ${AT_ALL_TEXT}你好`);
    expect(atAllToWire('@所有人 hi', [2], '所有人')).toBe('@所有人 hi'); // not a mention of everyone
    expect(atAllFromWire(wire, [AT_ALL], 'الجميع')).toBe('@الجميع 明天见 @الجميع你好');
    expect(atAllFromWire('@all and @allison', [AT_ALL], 'All')).toBe('@All and @allison');
    expect(atAllFromWire('@all', [], 'All')).toBe('@all');
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
