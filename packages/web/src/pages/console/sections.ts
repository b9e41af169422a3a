/** The console's sections, their routes and which routes belong to each. */
import { Paths } from '../../routes/paths';

export type SectionKey = 'complaints' | 'users' | 'groups' | 'system' | 'discover' | 'audit';

export interface Section {
  key: SectionKey;
  path: string;
  /** Detail routes shown as part of the section. */
  also: string[];
}

export const SECTIONS: readonly Section[] = [
  { key: 'complaints', path: Paths.consoleComplaints, also: [Paths.consoleComplaint] },
  { key: 'users', path: Paths.consoleUsers, also: [Paths.consoleUser] },
  { key: 'groups', path: Paths.consoleGroups, also: [Paths.consoleGroup] },
  { key: 'system', path: Paths.consoleSystem, also: [] },
  { key: 'discover', path: Paths.consoleDiscover, also: [] },
  { key: 'audit', path: Paths.consoleAudit, also: [] },
];

export const sectionOf = (pathname: string): SectionKey | null =>
  SECTIONS.find((s) => s.path === pathname || s.also.includes(pathname))?.key ?? null;
