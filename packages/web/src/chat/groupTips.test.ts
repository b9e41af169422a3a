// Group tips in the reader's language: the tip row and the chat list preview translate
// `tips.group.<key>` with its params, fall back to the English content, and keep the tip
// through the store and IndexedDB so a reload still translates.
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  GROUP_TIP_KEYS,
  LOCALES,
  MessageType,
  buildGroupTip,
  groupTipSlots,
  type GroupTip,
  type GroupTipKey,
  type GroupTipParams,
} from '@parley/protocol';
import { isolate, plainText } from '../i18n/isolate';
import { previewText, tipSegments, tipText } from './preview';
import { ME, groupWire, ready, setup, teamKey } from './testEngine';

const catalogues = import.meta.glob<Record<string, unknown>>('../i18n/locales/*.json', {
  eager: true,
  import: 'default',
});
const i18n = i18next.createInstance();
const inLocale = (lng: string) => (key: string, options?: Record<string, unknown>) => i18n.t(key, { ...options, lng });
const en = inLocale('en-US');
/** A name as the plain-string texts carry it: FSI … PDI. */
const I = isolate;

beforeAll(async () => {
  await i18n.init({
    resources: Object.fromEntries(
      LOCALES.map((l) => [l, { translation: catalogues[`../i18n/locales/${l}.json`]! }] as const),
    ),
    lng: 'en-US',
    fallbackLng: false,
    interpolation: { escapeValue: false },
  });
});

/** Sample params for any key: one actor, two members, a group name. */
function sample(key: GroupTipKey) {
  const values: Record<string, string | string[]> = { name: 'Ann', members: ['Bob', 'Cy'], group: 'Crew' };
  const params = Object.fromEntries(groupTipSlots(key).map((slot) => [slot, values[slot]!]));
  return buildGroupTip(key, params as GroupTipParams<typeof key>);
}
const tipMessage = (key: GroupTipKey) => {
  const { content, tip } = sample(key);
  return { type: MessageType.TIP_TEXT, content, status: 1, selfSend: false, sendNickName: 'Ann', tip };
};

describe('group tip texts', () => {
  it('en-US reads exactly like the English content the server stores, for every key', () => {
    for (const key of GROUP_TIP_KEYS) {
      const { content, tip } = sample(key);
      expect(plainText(tipSegments(content, en, tip)), key).toBe(content);
    }
  });

  it('every locale fills every slot (lists in its own form) and says more than the English', () => {
    for (const locale of LOCALES) {
      const t = inLocale(locale);
      for (const key of GROUP_TIP_KEYS) {
        const { content, tip } = sample(key);
        const text = tipText(content, t, tip);
        expect(text, `${locale} ${key}`).not.toMatch(/\{\{|tips\.group/);
        for (const slot of groupTipSlots(key)) {
          for (const name of [tip.params[slot]!].flat()) expect(text, `${locale} ${key}`).toContain(name);
        }
        if (locale !== 'en-US') expect(text, `${locale} ${key}`).not.toBe(content);
      }
    }
  });

  it('translates with the params of that moment: zh-CN and right-to-left ar-SA', () => {
    const invited = buildGroupTip('invited', { name: 'Ann', members: ['Bob', 'Cy', 'Di'] });
    expect(tipText(invited.content, inLocale('zh-CN'), invited.tip)).toBe(
      `${I('Ann')}邀请${I('Bob')}、${I('Cy')}和${I('Di')}加入了群聊`,
    );
    expect(tipText(invited.content, inLocale('ar-SA'), invited.tip)).toBe(
      `انضم ${I('Bob')} و${I('Cy')} و${I('Di')} إلى المجموعة بدعوة من ${I('Ann')}`,
    );
    const renamed = buildGroupTip('renamed', { name: 'Ann', group: 'Crew' });
    expect(tipText(renamed.content, inLocale('ar-SA'), renamed.tip)).toBe(
      `غيّر ${I('Ann')} اسم المجموعة إلى «${I('Crew')}»`,
    );
    expect(tipText(renamed.content, inLocale('zh-CN'), renamed.tip)).toBe(`${I('Ann')}将群名称修改为“${I('Crew')}”`);
  });

  it('isolates every name (Arabic, and Latin with digits), so each keeps its order in any sentence', () => {
    const muted = buildGroupTip('memberMuted', { members: ['سارة', 'Bob 42'] });
    expect(tipText(muted.content, en, muted.tip)).toBe('\u2068سارة\u2069, \u2068Bob 42\u2069 has been muted');
    expect(tipSegments(muted.content, inLocale('ar-SA'), muted.tip).filter((s) => typeof s !== 'string')).toEqual([
      { user: 'سارة' },
      { user: 'Bob 42' },
    ]);
  });

  it('falls back to the content for a key this client does not know, or params that do not fit', () => {
    const t = (key: string) => `<${key}>`;
    // ('pinned' was the example until pins came: a key of a later server.)
    const unknown = { key: 'archived', params: { name: 'Ann' } } as unknown as GroupTip;
    expect(tipText('Ann archived the group', t, unknown)).toBe('Ann archived the group');
    const short = { key: 'invited', params: { name: 'Ann' } } as GroupTip;
    expect(tipText('Ann invited Bob', t, short)).toBe('Ann invited Bob');
    // No tip at all: a group tip stored before tips had keys, or the private tip by its text.
    expect(tipText('Ann invited Bob', t)).toBe('Ann invited Bob');
    expect(tipText('You are now friends. Start chatting!', t)).toBe('<tips.friendAdded>');
  });

  it('the chat list preview translates the tip and never prefixes a sender', () => {
    const zh = inLocale('zh-CN');
    expect(previewText(tipMessage('left'), 'Team', zh)).toBe(`${I('Ann')}退出了群聊`);
    expect(previewText(tipMessage('muteAllOn'), 'Team', zh)).toBe('已开启全员禁言');
  });
});

describe('group tips in the store', () => {
  it('a tip frame keeps its tip in the message and the last message, saved and loaded again', async () => {
    const s = await ready();
    const { content, tip } = buildGroupTip('removed', { name: 'Ann', members: ['Bob'] });
    s.engine.onGroupFrame(groupWire(5, { type: MessageType.TIP_TEXT, content, tip, sendId: 0, sendNickName: '' }));
    const chat = s.chat(teamKey)!;
    expect(chat.messages.at(-1)?.tip).toEqual(tip);
    expect(previewText(chat.last, 'Team', inLocale('ko-KR'))).toBe(`${I('Ann')} 님이 ${I('Bob')} 님을 내보냈습니다`);
    await s.engine.flush();

    // A reload: another engine over the same stored data.
    const again = setup();
    for (const [k, v] of s.persistence.data) again.persistence.data.set(k, structuredClone(v));
    await again.engine.start(ME);
    const loaded = again.chat(teamKey)!;
    expect(loaded.messages.at(-1)?.tip).toEqual(tip);
    expect(previewText(loaded.last, 'Team', inLocale('ru-RU'))).toBe(`${I('Ann')} удалил(а) из группы: ${I('Bob')}`);
  });
});
