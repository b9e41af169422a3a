import { describe, expect, it } from 'vitest';
import { OTHER_SECTION, filterFriends, groupByLetter, sectionKey } from './sections';

const f = (showNickName: string, extra: Partial<{ nickName: string; remark: string; userName: string }> = {}) => ({
  showNickName,
  nickName: extra.nickName ?? showNickName,
  remark: extra.remark ?? '',
  userName: extra.userName ?? `${showNickName.toLowerCase()}@example.com`,
});
const keys = (sections: { key: string; items: { showNickName: string }[] }[]) =>
  sections.map((s) => `${s.key}:${s.items.map((i) => i.showNickName).join(',')}`);

describe('sectionKey', () => {
  it('groups Latin names by base letter, case and accents ignored', () => {
    expect(sectionKey('alice', 'en-US')).toBe('A');
    expect(sectionKey('Émile', 'fr-FR')).toBe('E');
    expect(sectionKey('  bob', 'en-US')).toBe('B');
    expect(sectionKey('Øystein', 'en-US')).toBe(OTHER_SECTION);
  });
  it('puts digits, symbols, emoji and empty names under #', () => {
    for (const name of ['42', '_x', '😀 smile', '', '   ']) expect(sectionKey(name, 'en-US')).toBe(OTHER_SECTION);
  });
  it('groups Han names by pinyin initial in Chinese, under # elsewhere', () => {
    expect(sectionKey('张三', 'zh-CN')).toBe('Z');
    expect(sectionKey('李四', 'zh-CN')).toBe('L');
    expect(sectionKey('王五', 'zh-TW')).toBe('W');
    expect(sectionKey('安', 'zh-CN')).toBe('A');
    expect(sectionKey('张三', 'en-US')).toBe(OTHER_SECTION);
  });
  it('uses the own capital for other cased alphabets and Arabic letters in Arabic', () => {
    expect(sectionKey('борис', 'ru-RU')).toBe('Б');
    expect(sectionKey('سارة', 'ar-SA')).toBe('س');
    expect(sectionKey('سارة', 'en-US')).toBe(OTHER_SECTION);
    expect(sectionKey('하나', 'ko-KR')).toBe(OTHER_SECTION);
  });
});

describe('groupByLetter', () => {
  it('sorts by display name within sections and sections alphabetically, # last', () => {
    const list = [f('charlie'), f('Bob'), f('123'), f('alice'), f('Álvaro'), f('bea')];
    expect(keys(groupByLetter(list, 'en-US'))).toEqual(['A:alice,Álvaro', 'B:bea,Bob', 'C:charlie', '#:123']);
  });
  it('mixes Chinese and Latin names into the same letters in zh-CN', () => {
    const list = [f('张三'), f('Zoe'), f('李四'), f('Amy'), f('7up')];
    const sections = groupByLetter(list, 'zh-CN');
    expect(sections.map((s) => s.key)).toEqual(['A', 'L', 'Z', '#']);
    expect(
      sections
        .find((s) => s.key === 'Z')
        ?.items.map((i) => i.showNickName)
        .sort(),
    ).toEqual(['Zoe', '张三']);
  });
  it('returns no sections for no friends', () => {
    expect(groupByLetter([], 'en-US')).toEqual([]);
  });
});

describe('filterFriends', () => {
  const list = [
    f('Alice', { userName: 'alice@x.org' }),
    f('Boss', { nickName: 'Robert', remark: 'Boss', userName: 'rob@corp.com' }),
    f('José'),
  ];
  it('matches display name, nickname, remark and user name, case-insensitively', () => {
    expect(filterFriends(list, 'ALI').map((x) => x.showNickName)).toEqual(['Alice']);
    expect(filterFriends(list, 'robert').map((x) => x.showNickName)).toEqual(['Boss']);
    expect(filterFriends(list, 'corp.COM').map((x) => x.showNickName)).toEqual(['Boss']);
    expect(filterFriends(list, 'jose').map((x) => x.showNickName)).toEqual(['José']);
  });
  it('returns everyone for a blank query and no one for a miss', () => {
    expect(filterFriends(list, '  ')).toHaveLength(3);
    expect(filterFriends(list, 'zzz')).toEqual([]);
  });
});
