/**
 * The group chat box's way into calls (docs/CALLS.md §8.5-8.6): the join banner ("N in a
 * call · Join") from `GET /webrtc/group/info`, read when the box opens and whenever a
 * callStarted/callEnded tip arrives; and the call action of the "+" panel: the join
 * prompt when a call runs, else the member picker (me fixed, at most maxChannel).
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_CHANNEL_DEFAULT, type GroupCallInfo, type GroupMember } from '@parley/protocol';
import { call } from '../../../api/call';
import { createStore, useStore } from '../../../app/createStore';
import { joinGroupCall, startGroupCall } from '../../../calls/signals';
import type { ChatMessage } from '../../../chat/types';
import { t as translate } from '../../../i18n';
import { Avatar } from '../../../ui/Avatar';
import { confirmDialog } from '../../../ui/dialog';
import { showToast } from '../../../ui/toast';
import { MemberSelector } from '../../group/MemberSelector';
import '../../group/group.css';

/** The group whose call action was tapped (the "+" panel sets it; the entry opens the prompt or the picker). */
const requested = createStore<number | null>(null);
export const requestGroupCall = (groupId: number): void => requested.set(groupId);

const CALL_TIPS = new Set(['callStarted', 'callEnded']);

/** The newest call tip's id: a change means the call started or ended. */
function lastCallTip(messages: readonly ChatMessage[]): number | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.tip && CALL_TIPS.has(m.tip.key)) return m.id ?? -i;
  }
  return undefined;
}

const MAX_AVATARS = 5;
const BANNER_REFRESH_MS = 20_000;

function askToJoin(groupId: number, info: GroupCallInfo): void {
  const count = info.joinedUserIds?.length ?? 0;
  void confirmDialog({
    title: translate('call.group.joinTitle'),
    content: translate('call.group.joinText', { count }),
    confirmText: translate('call.group.join'),
    testId: 'group-call-join-prompt',
  }).then((ok) => ok && joinGroupCall(groupId));
}

interface Props {
  groupId: number;
  selfId: number;
  messages: readonly ChatMessage[];
  active: readonly GroupMember[];
}

export function GroupCallEntry({ groupId, selfId, messages, active }: Props) {
  const { t } = useTranslation();
  const [info, setInfo] = useState<GroupCallInfo | null>(null);
  const [picking, setPicking] = useState<number | null>(null);
  const tip = lastCallTip(messages);
  const load = useCallback(
    () => call('groupCallInfo', { query: { groupId }, silent: true }).catch(() => null),
    [groupId],
  );
  useEffect(() => {
    let live = true;
    void load().then((i) => live && setInfo(i));
    return () => {
      live = false;
    };
  }, [load, tip]);

  // While a call runs, its head count is re-read now and then (quits and joins leave no tip).
  const running = info?.isChating ?? false;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void load().then(setInfo), BANNER_REFRESH_MS);
    return () => clearInterval(timer);
  }, [running, load]);

  const want = useStore(requested);
  useEffect(() => {
    if (want !== groupId) return;
    requested.set(null);
    void Promise.all([load(), call('systemConfig', { silent: true }).catch(() => null)]).then(([fresh, config]) => {
      if (fresh) setInfo(fresh);
      if (fresh?.isChating) return askToJoin(groupId, fresh);
      setPicking(config?.webrtc.maxChannel ?? MAX_CHANNEL_DEFAULT);
    });
  }, [want, groupId, load]);

  const inCall = info?.joinedUserIds?.includes(selfId) ?? false;
  const joined = (info?.userInfos ?? []).filter((u) => info?.joinedUserIds?.includes(u.id));
  return (
    <>
      {info?.isChating && !inCall && (
        <button
          type="button"
          className="group-call-banner"
          onClick={() =>
            void load().then((fresh) => {
              setInfo(fresh);
              if (fresh?.isChating) askToJoin(groupId, fresh);
            })
          }
          data-testid="group-call-banner"
          data-count={joined.length}
        >
          <span className="group-call-banner__faces" aria-hidden="true">
            {joined.slice(0, MAX_AVATARS).map((u) => (
              <Avatar key={u.id} src={u.headImage} name={u.nickName} colourId={u.id} size={24} />
            ))}
          </span>
          <span className="group-call-banner__text">{t('call.group.banner', { count: joined.length })}</span>
          <span className="group-call-banner__join">{t('call.group.join')}</span>
        </button>
      )}
      {picking !== null && (
        <MemberSelector
          title={t('call.group.pick')}
          members={active}
          initial={[]}
          fixed={[selfId]}
          max={picking}
          overText={t('errors.callChannelFull', { max: picking })}
          testId="group-call-picker"
          onClose={() => setPicking(null)}
          onConfirm={async (ids) => {
            const picked = active.filter((m) => ids.includes(m.userId));
            if (picked.length < 2) {
              showToast(translate('errors.callNoInvitees'));
              throw new Error('callNoInvitees');
            }
            startGroupCall(
              groupId,
              picked.map((m) => ({
                id: m.userId,
                nickName: m.showNickName,
                headImage: m.headImageThumb || m.headImage,
              })),
            );
          }}
        />
      )}
    </>
  );
}
