/** Audit entries as text: the action's locale key and the detail JSON in one short line. */

/** 'user.ban' → 'console.audit.actions.userBan' (i18next keys cannot hold dots). */
export function auditActionKey(action: string): string {
  const camel = action.replace(/[._-](\w)/g, (_, c: string) => c.toUpperCase());
  return `console.audit.actions.${camel}`;
}

/** `{"outcome":1,"title":"Hi"}` → `outcome: 1 · title: Hi`; '' for `{}` or text that is not an object. */
export function auditDetail(detail: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(detail);
  } catch {
    return detail.trim();
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return '';
  return Object.entries(parsed as Record<string, unknown>)
    .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(' · ');
}
