/**
 * Look-alike user names (hardening issue, point 5). Two names are confusable when
 * their UTS #39 skeletons are equal; `users.user_name_skeleton` (migration 0019) holds
 * each name's skeleton under a unique index, so a look-alike of any existing name is
 * refused with one indexed lookup, and of two racing registrations one wins.
 *
 * The confusable data is Unicode's confusables.txt as packaged by `unhomoglyph`
 * (each character to its prototype: Cyrillic і → i, 1 → l, m → rn). Whether a name
 * mixes scripts is the protocol's rule (`mixesScripts`, also checked by the web form).
 */
import unhomoglyph from 'unhomoglyph';

/** Default-ignorable code points are invisible: dropped, as UTS #39 §4 says. */
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

/** UTS #39 §4 skeleton: NFD, default-ignorables removed, each character replaced by its prototype, NFD again. */
export function nameSkeleton(userName: string): string {
  return unhomoglyph(userName.normalize('NFD').replace(IGNORABLE, '')).normalize('NFD');
}
