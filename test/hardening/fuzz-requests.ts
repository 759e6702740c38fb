import fc from 'fast-check'
import qs from 'qs'
import type { OperationInfo } from '../../src/spec/operations.js'

/** One HTTP request as the fuzzer sends it: a raw path (already encoded), raw body bytes. */
export interface FuzzRequest {
  operationId: string
  method: string
  path: string
  query: string
  headers: Record<string, string>
  body?: Buffer
  /** What kind of input this is, for failure reports. */
  kind: string
}

export interface Credentials {
  app: Record<string, string>
  appB: Record<string, string>
  management: Record<string, string>
  bearer: string
}

// Ids the fixtures hold, so some requests reach the handlers' happy paths and domain rules.
const KNOWN_IDS: Record<string, string[]> = {
  campaignId: ['camp_demo0001', 'camp_demo0002', 'camp_demo0003', 'camp_demo0004', 'camp_demo0005', 'Gift cards $100', 'camp_demob001'],
  memberId: ['REF-ALICE', 'REF-BOB1', 'REF-NEW1', 'v_demo0031', 'WELCOME-0001'],
  code: ['WELCOME-0001', 'GIFT-0001', 'LOYAL-0001', 'v_demo0001', 'REF-ALICE', 'CREDIT-0001'],
  rewardId: ['rew_demo0001', 'rew_demo0001', 'rew_demo0002', 'rew_demo0003', 'rew_demob001'],
  assignmentId: ['rewa_demo0001', 'rewa_demo0002'],
  categoryId: ['cat_demo0001', 'cat_demo0002', 'cat_demo0003'],
  promotionTierId: ['promo_demo0001', 'promo_demo0002'],
  exportId: ['exp_0001', 'exp_0002'],
  redemptionId: ['r_0001', 'r_0002'],
  // the async actions of the fuzzed deletes (sequential ids)
  asyncActionId: ['aa_0001', 'aa_0002', 'aa_0003', 'aa_0004'],
  // the rules the fuzzed creates make (sequential ids)
  validationRuleId: Array.from({ length: 8 }, (_, i) => `val_${String(i + 1).padStart(4, '0')}`),
  projectId: ['proj_demo0001', 'proj_demo0002'],
  campaignTemplateId: ['camp_tpl_demo0001', 'camp_tpl_demo0002', 'camp_tpl_demob001'],
  metadataSchemaId: ['ms_demo0001', 'ms_demo0012', 'ms_demob001'],
  resource: ['campaign', 'customer', 'voucher', 'order'],
  // a template copies only from its own project: the fixture pairs, so copies succeed as often as other operations' calls
  'copyCampaignTemplate.projectId': ['proj_demo0001'],
  'copyCampaignTemplate.campaignTemplateId': ['camp_tpl_demo0001', 'camp_tpl_demo0002'],
  // only the referral campaign has members
  'listReferralCodeHolders.campaignId': ['camp_demo0005', 'camp_demo0005', 'camp_demo0001'],
  // sequential ids, and a redemption takes two (parent, then child): odd ids are parents
  'rollbackRedemption.redemptionId': Array.from({ length: 100 }, (_, i) => `r_${String(2 * i + 1).padStart(4, '0')}`),
}

/** Strings that have broken servers before: traversal, injection, prototype keys, control characters. */
export const HOSTILE_STRINGS = [
  '..', '.', '../../etc/passwd', '..%2f..%2fetc%2fpasswd', '%2e%2e', '%00', '%', '%zz', '%E0%A4%A', '%FF%FE', '%C3%28', '%ED%A0%80', '\u0000',
  "' OR '1'='1", '"; DROP TABLE campaigns; --', '<script>alert(1)</script>', '${jndi:ldap://x/a}', '{{7*7}}',
  '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '$where', '[object Object]',
  'camp_', 'null', 'undefined', 'NaN', '-1', '0', '1e309', 'true', '\u202e\u0645', '😀'.repeat(20), 'A'.repeat(5000),
  'a/b', 'a\\b', 'a?b=c', 'a#b', ' ', '\t\n', 'Ω≈ç√∫',
]

/** A path segment: known ids, hostile strings, random text; encoded unless it is safe to send raw. */
function pathSegment(operationId: string, name: string): fc.Arbitrary<string> {
  const raw = fc.oneof(
    { weight: 7, arbitrary: fc.constantFrom(...(KNOWN_IDS[`${operationId}.${name}`] ?? KNOWN_IDS[name] ?? ['x'])) },
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
    { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 40, unit: 'grapheme' }) },
  )
  return fc.tuple(raw, fc.boolean()).map(([value, verbatim]) =>
    // a verbatim segment keeps `%2e`, `..` etc. undecoded; only characters HTTP allows unescaped
    verbatim && /^[\x21-\x7e]+$/.test(value) && !value.includes('/') && !value.includes('?') && !value.includes('#')
      ? value
      : encodeURIComponent(value),
  )
}

/** Any JSON-ish value, wrong types included. */
export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, -1e308, 101, 1_000_001, '', 'x', [], {}),
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ maxLength: 30 }),
  fc.array(fc.string({ maxLength: 8 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.string({ maxLength: 8 }), fc.integer()), { maxKeys: 4 }),
)

function queryArb(op: OperationInfo): fc.Arbitrary<string> {
  const names = op.parameters.filter((p) => p.in === 'query').map((p) => p.name)
  const known = names.length > 0 ? fc.constantFrom(...names) : fc.constant('limit')
  const key = fc.oneof({ weight: 4, arbitrary: known }, { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'filters[__proto__][x]', 'x') })
  const structured = fc
    .dictionary(key, anyValue, { maxKeys: 4 })
    .map((query) => qs.stringify(query, { allowDots: false, encodeValuesOnly: false }))
  const raw = fc.constantFrom(
    '', 'limit=', 'limit=abc', 'limit=0', 'limit=101', 'limit=1&limit=2', 'page=-1', 'page=99999999999999999999', 'limit[a]=1',
    '%zz=1', 'a=%zz', 'campaign_id=%FF%FE', 'starting_after_id=%C3%28', 'filters[name][conditions][$in][0]=%ED%A0%80', '&&&', '=', 'filters=x', 'filters[name][conditions][$in][0]=x', 'filters[junction]=OR&filters[name][conditions][$is]=Spring%20sale',
    'filters[a][b][c][d][e][f][g][h][i][j][k]=1', `filters[${'a'.repeat(2000)}]=1`, `limit=${'9'.repeat(400)}`, 'token=', 'token=%00',
    'order=-created_at&expand=categories', 'campaign_type=PROMOTION&is_referral_code=maybe', 'starting_after_id=%2e%2e',
  )
  return fc.oneof({ weight: 3, arbitrary: structured }, { weight: 2, arbitrary: raw })
}

const CONTENT_TYPES = [
  'application/json', 'application/json; charset=utf-8', 'application/json; charset=latin1', 'APPLICATION/JSON',
  'application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x', 'application/vnd.api+json',
  'application/xml', 'application/json;;;', '*/*', 'garbage',
]

const CLIENT_KEYS = { 'X-Client-Application-Id': 'promokit-client-id', 'X-Client-Token': 'promokit-client-token' }
const CLIENT_KEYS_B = { 'X-Client-Application-Id': 'promokit-client-id-2', 'X-Client-Token': 'promokit-client-token-2' }

function authArb(op: OperationInfo, creds: Credentials): fc.Arbitrary<Record<string, string>> {
  const management = op.path.startsWith('/management')
  if (op.path.startsWith('/client/')) {
    // the browser API: client-side keys; the secret keys and a wrong client token are refused
    return fc.oneof(
      { weight: 12, arbitrary: fc.constant(CLIENT_KEYS) },
      { weight: 2, arbitrary: fc.constant(CLIENT_KEYS_B) },
      { weight: 1, arbitrary: fc.constantFrom<Record<string, string>>(creds.app, {}, { ...CLIENT_KEYS, 'X-Client-Token': 'wrong' }, { ...CLIENT_KEYS, Origin: 'http://evil.example' }) },
    )
  }
  const valid = management ? creds.management : creds.app
  return fc.oneof(
    { weight: 12, arbitrary: fc.constant(valid) },
    { weight: 2, arbitrary: fc.constant(management ? creds.management : { Authorization: `Bearer ${creds.bearer}` }) },
    { weight: 2, arbitrary: fc.constant(management ? creds.management : creds.appB) },
    { weight: 1, arbitrary: fc.constant<Record<string, string>>({}) },
    { weight: 1, arbitrary: fc.constant(management ? creds.app : creds.management) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<Record<string, string>>(
        { 'X-App-Id': 'promokit-app-id', 'X-App-Token': 'wrong' },
        { 'X-App-Id': '', 'X-App-Token': '' },
        { Authorization: 'Bearer ' },
        { Authorization: 'Basic YTpi' },
        { Authorization: `Bearer ${'x'.repeat(3000)}` },
        { 'X-Management-Id': 'promokit-management-id', 'X-Management-Token': '__proto__' },
      ),
    },
  )
}

/** Extra headers with visible-ASCII values (anything else the HTTP client itself refuses to send). */
const extraHeaders = fc.dictionary(
  fc.stringMatching(/^x-[a-z0-9-]{1,20}$/),
  fc.stringMatching(/^[\x20-\x7e]{0,60}$/).map((v) => v.trim()),
  { maxKeys: 3 },
)

/** Clients may send their own request id; the mock echoes sane ones in a header and in error bodies. */
const requestIdArb = fc.option(
  fc.oneof(fc.constantFrom('abc', 'v-0123456789abcdef01', 'a'.repeat(200), '../../x', 'a b', '<x>'), fc.stringMatching(/^[\x21-\x7e]{1,40}$/)),
  { freq: 4 },
)

type BodyPart = { body?: Buffer; contentType?: string; kind: string }

const json = (value: unknown): Buffer => Buffer.from(JSON.stringify(value) ?? 'null')

/** Replaces, deletes or adds a value somewhere inside a valid body: wrong types everywhere. */
function mutate(value: unknown, path: number[], replacement: unknown, action: 'set' | 'delete' | 'add'): unknown {
  if (value === null || typeof value !== 'object') return replacement
  const copy: Record<string, unknown> | unknown[] = Array.isArray(value) ? [...value] : { ...(value as object) }
  const keys = Object.keys(copy)
  if (keys.length === 0 || path.length === 0) {
    if (action === 'add') (copy as Record<string, unknown>)[`extra_${path.length}`] = replacement
    return action === 'add' ? copy : replacement
  }
  const key = keys[path[0] % keys.length]
  const child = (copy as Record<string, unknown>)[key]
  const deeper = path.length > 1 && child !== null && typeof child === 'object'
  if (deeper) (copy as Record<string, unknown>)[key] = mutate(child, path.slice(1), replacement, action)
  else if (action === 'delete') delete (copy as Record<string, unknown>)[key]
  else if (action === 'add') (copy as Record<string, unknown>)[`${key}_extra`] = replacement
  else (copy as Record<string, unknown>)[key] = replacement
  return copy
}

function nested(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array' ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`
}

function bodyArb(op: OperationInfo, samples: unknown[], maxBodyBytes: number): fc.Arbitrary<BodyPart> {
  const types = op.requestBody?.contentTypes ?? ['application/json']
  const own = fc.constantFrom(...types)
  const sample = fc.constantFrom(...(samples.length > 0 ? samples : [{}]))
  const form = types.includes('application/x-www-form-urlencoded')
  const encode = (value: unknown, type: string): Buffer =>
    type === 'application/x-www-form-urlencoded' ? Buffer.from(qs.stringify(value)) : json(value)

  return fc.oneof(
    { weight: 6, arbitrary: fc.tuple(sample, own).map(([v, t]) => ({ body: encode(v, t), contentType: t, kind: 'valid sample' })) },
    {
      weight: 10,
      arbitrary: fc
        .tuple(sample, fc.array(fc.nat(20), { maxLength: 4 }), anyValue, fc.constantFrom('set', 'delete', 'add') as fc.Arbitrary<'set' | 'delete' | 'add'>, own)
        .map(([v, path, replacement, action, t]) => ({ body: encode(mutate(v, path, replacement, action), t), contentType: t, kind: `mutated sample (${action})` })),
    },
    { weight: 3, arbitrary: fc.tuple(fc.jsonValue({ maxDepth: 4 }), own).map(([v, t]) => ({ body: encode(v, t), contentType: t, kind: 'random JSON' })) },
    { weight: 2, arbitrary: fc.tuple(fc.string({ maxLength: 200 }), fc.constantFrom(...CONTENT_TYPES)).map(([text, t]) => ({ body: Buffer.from(text), contentType: t, kind: 'random text' })) },
    { weight: 1, arbitrary: fc.constantFrom(...CONTENT_TYPES, undefined).map((t) => ({ contentType: t, kind: 'no body' })) },
    {
      weight: 2,
      arbitrary: fc.tuple(fc.integer({ min: 1, max: 20_000 }), fc.constantFrom('array', 'object') as fc.Arbitrary<'array' | 'object'>).map(([depth, k]) => ({
        body: Buffer.from(form ? `a${'[a]'.repeat(depth)}=1` : nested(depth, k)),
        contentType: form ? 'application/x-www-form-urlencoded' : 'application/json',
        kind: `nested ${depth}`,
      })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(maxBodyBytes + 1, maxBodyBytes - 64).map((size) => ({
        body: Buffer.from(`{"name":"${'x'.repeat(Math.max(0, size - 11))}"}`),
        contentType: 'application/json',
        kind: `huge ${size}`,
      })),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(sample, anyValue).map(([v, dup]) => {
        const text = JSON.stringify(v) ?? '{}'
        const dupKey = `"name":${JSON.stringify(dup) ?? 'null'},"__proto__":{"polluted":1},"constructor":{"prototype":{"x":1}}`
        const body = text.startsWith('{') && text.length > 2 ? `{${dupKey},${text.slice(1)}` : `{${dupKey}}`
        return { body: Buffer.from(body), contentType: 'application/json', kind: 'duplicated keys' }
      }),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(sample, fc.constantFrom(Buffer.from([0xff, 0xfe]), Buffer.from([0xc3, 0x28]), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from([0xf4, 0x90, 0x80, 0x80]), Buffer.from([0]))).map(([v, bad]) => {
        const text = Buffer.from(JSON.stringify({ ...(typeof v === 'object' && v ? v : {}), name: 'x' }))
        const at = text.indexOf('"x"') + 1
        return { body: Buffer.concat([text.subarray(0, at), bad, text.subarray(at)]), contentType: form ? 'application/x-www-form-urlencoded' : 'application/json', kind: 'invalid UTF-8' }
      }),
    },
  )
}

/** Requests for one operation: its own path (params fuzzed), method sometimes wrong, everything else fuzzed. */
export function requestArb(op: OperationInfo, creds: Credentials, samples: unknown[], maxBodyBytes: number): fc.Arbitrary<FuzzRequest> {
  const segments = op.pathParamNames.map((name) => pathSegment(op.operationId, name))
  const path = fc.tuple(...segments, fc.constantFrom('', '', '', '/', '//', '/..', '/extra')).map((parts) => {
    const suffix = parts.pop() as string
    let i = 0
    return op.path.replace(/\{[^}]+\}/g, () => parts[i++] as string) + suffix
  })
  const method = fc.oneof({ weight: 9, arbitrary: fc.constant(op.method) }, { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH') })
  return fc
    .record({ method, path, query: queryArb(op), auth: authArb(op, creds), extra: extraHeaders, requestId: requestIdArb, body: bodyArb(op, samples, maxBodyBytes) })
    .map(({ method, path, query, auth, extra, requestId, body }) => {
      const headers: Record<string, string> = { ...extra, ...auth }
      if (requestId !== null) headers['X-Request-Id'] = requestId
      if (body.contentType !== undefined) headers['Content-Type'] = body.contentType
      return { operationId: op.operationId, method, path, query, headers, body: body.body, kind: body.kind }
    })
}
