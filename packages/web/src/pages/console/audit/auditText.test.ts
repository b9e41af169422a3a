import { describe, expect, it } from 'vitest';
import { AuditAction } from '@parley/protocol';
import { auditActionKey, auditDetail } from './auditText';

describe('audit texts', () => {
  it('turns action names into locale keys', () => {
    expect(auditActionKey(AuditAction.USER_BAN)).toBe('console.audit.actions.userBan');
    expect(auditActionKey(AuditAction.DISCOVER_DELETE)).toBe('console.audit.actions.discoverDelete');
    expect(auditActionKey('odd')).toBe('console.audit.actions.odd');
  });
  it('flattens the detail JSON into one line', () => {
    expect(auditDetail('{}')).toBe('');
    expect(auditDetail('{"outcome":1,"title":"Hi","ids":[1,2]}')).toBe('outcome: 1 · title: Hi · ids: [1,2]');
    expect(auditDetail('not json')).toBe('not json');
    expect(auditDetail('[1]')).toBe('');
  });
});
