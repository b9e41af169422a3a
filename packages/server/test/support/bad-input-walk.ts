/**
 * The bad-input walk's machinery (bad-input.test.ts and its siblings): each field of a
 * valid request broken in turn — other JSON types, missing, too long, unstorable or
 * look-alike Unicode — and what a reply must be: a 400 naming that field through the
 * error catalogue.
 */
import {
  API_BASE,
  JSON_MAX_DEPTH,
  JSON_MAX_KEYS,
  ServerErrors,
  api,
  describeServerError,
  fillPath,
  type EndpointName,
} from '@parley/protocol';

type Where = 'body' | 'query' | 'params';
type Input = Record<string, unknown>;
export interface Baseline {
  body?: Input;
  query?: Input;
  params?: Input;
  /** Fields that may be left out (the server fills a default). */
  optional?: string[];
  /** Fields whose null is a valid value (a reaction's emoji: null takes it off). */
  nullable?: string[];
  /** A field's "too long" length when 5,000 characters are allowed (Markdown content). */
  tooLong?: Record<string, number>;
}

/** Values of every other JSON type than the valid one. */
function wrongTypes(valid: unknown): unknown[] {
  const all: unknown[] = ['12', 12, 1.5, -1, true, null, [12], { v: 12 }];
  if (typeof valid === 'string') return all.filter((v) => typeof v !== 'string');
  if (typeof valid === 'number') return all.filter((v) => typeof v !== 'number' || !Number.isInteger(v) || v < 0);
  if (typeof valid === 'boolean') return ['true', 1, 0, null, [true]];
  if (Array.isArray(valid)) return ['x', 12, { 0: 'x' }, null];
  return all;
}

/** Query and path values are text: what a broken client or a prober sends. */
const BAD_TEXT_NUMBERS = ['abc', '1.5', '-1', '0', '', '0x10', '1e3', '99999999999999999999', '1'.repeat(300), 'true'];
/** Unstorable (NUL, lone surrogate) everywhere; look-alikes (bidi override, zero-width) in names. */
const UNSTORABLE = ['a\u0000b', 'a\uD800b'];
const LOOK_ALIKE = ['tr\u200Bial', '\u202Etrial', 'tri\u2066al'];
const NAME_FIELDS = new Set(['userName', 'nickName', 'remark', 'name', 'remarkNickName', 'remarkGroupName']);
/** A new account's name may not mix scripts (a Cyrillic і in "trial"); login takes any stored name. */
const MIXED_SCRIPT_NAMES = ['tr\u0456al@example.com', 'ann@p\u0430rley.chat'];

interface Probe {
  label: string;
  where: Where;
  field: string;
  request: Baseline;
}

function probes(name: EndpointName, base: Baseline): Probe[] {
  const out: Probe[] = [];
  for (const where of ['body', 'query', 'params'] as const) {
    const input = base[where];
    if (!input) continue;
    if (where === 'body') {
      // Costly shapes are refused as a whole before parsing (hardening issue 18 point 1).
      const [first] = Object.keys(input);
      const deep = JSON.parse('['.repeat(JSON_MAX_DEPTH) + ']'.repeat(JSON_MAX_DEPTH)) as unknown;
      const wide = Object.fromEntries(Array.from({ length: JSON_MAX_KEYS }, (_, i) => [`k${i}`, 1]));
      out.push(
        {
          label: `${name} body nested too deep`,
          where,
          field: 'body',
          request: { ...base, body: { ...input, [first!]: deep } },
        },
        {
          label: `${name} body with too many keys`,
          where,
          field: 'body',
          request: { ...base, body: { ...input, ...wide } },
        },
      );
    }
    for (const [field, valid] of Object.entries(input)) {
      const put = (value: unknown, label: string) =>
        out.push({
          label: `${name} ${where}.${field} ${label}`,
          where,
          field,
          request: { ...base, [where]: { ...input, [field]: value } },
        });
      if (!base.optional?.includes(field)) {
        const { [field]: _gone, ...rest } = input;
        out.push({ label: `${name} ${where}.${field} missing`, where, field, request: { ...base, [where]: rest } });
      }
      if (where === 'body') {
        for (const v of wrongTypes(valid)) {
          if (v !== null || !base.nullable?.includes(field)) put(v, `= ${JSON.stringify(v)}`);
        }
        if (typeof valid === 'string') {
          put('x'.repeat(base.tooLong?.[field] ?? 5000), 'too long');
          for (const v of UNSTORABLE) put(v, `unstorable ${JSON.stringify(v)}`);
          if (NAME_FIELDS.has(field)) for (const v of LOOK_ALIKE) put(v, `look-alike ${JSON.stringify(v)}`);
          if (name === 'register' && field === 'userName') {
            for (const v of MIXED_SCRIPT_NAMES) put(v, `mixed scripts ${JSON.stringify(v)}`);
          }
        }
      } else if (typeof valid === 'number') {
        // '0' is a fine cursor or status; it is no id.
        for (const v of BAD_TEXT_NUMBERS) if (!(v === '0' && valid === 0)) put(v, `= "${v}"`);
      } else {
        put('x'.repeat(5000), 'too long');
        // A URL cannot carry a lone surrogate (it arrives as U+FFFD); NUL it can.
        put('a\u0000b', 'unstorable "a\\u0000b"');
      }
    }
  }
  return out;
}

async function send(baseUrl: string, name: EndpointName, req: Baseline, token: string) {
  const endpoint = api[name];
  const url = new URL(baseUrl + API_BASE + fillPath(endpoint.path, req.params as Record<string, string>));
  for (const [k, v] of Object.entries(req.query ?? {})) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { accessToken: token };
  let body: string | undefined;
  if (req.body) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(req.body);
  }
  const res = await fetch(url, { method: endpoint.method, headers, body });
  return {
    status: res.status,
    body: (await res.json()) as { code: number; key?: string; message: string; params?: Record<string, unknown> },
  };
}

/** The probes of `name` whose reply was not a catalogued 400 naming the broken field (empty: all good). */
export async function walkFailures(baseUrl: string, name: EndpointName, base: Baseline, token: string) {
  const failures: string[] = [];
  for (const probe of probes(name, base)) {
    const res = await send(baseUrl, name, probe.request, token);
    const { key, params, message } = res.body;
    const named =
      params?.field === probe.field ||
      (typeof params?.field === 'string' && params.field.startsWith(`${probe.field}.`));
    const catalogued =
      key !== undefined &&
      Object.hasOwn(ServerErrors, key) &&
      message ===
        describeServerError(key as keyof typeof ServerErrors, (params ?? {}) as Record<string, string | number>);
    if (res.status !== 400 || !named || !catalogued || /\{\{|undefined|Invalid input|expected/.test(message)) {
      failures.push(`${probe.label} → ${res.status} ${JSON.stringify(res.body)}`);
    }
  }
  return failures;
}
