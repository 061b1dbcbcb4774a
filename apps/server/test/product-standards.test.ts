import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { NOT_CERTIFIED } from '@zs/shared/api/product-standards';
import { normalizeStandardNo } from '@zs/shared';
import { deliverDue, dispatchStatusAlerts, queueUpcomingImplementations, scanNewStandards } from '../src/modules/alerts/index.ts';
import { useTestApp } from './helpers/app.ts';
import { engines } from './helpers/db.ts';
import { call, replyOf, type DataOf } from './helpers/answer.ts';
import { userWithToken } from './helpers/login.ts';
import { certify, encrypt } from './helpers/builders.ts';
import { multipart } from './helpers/multipart.ts';

type Lines = DataOf<'GET /api/user/product-standards'>;
type Added = DataOf<'POST /api/user/product-standards'>;
type Exposure = DataOf<'GET /api/admin/product-standards/exposure'>;

const tag = () => String(crypto.randomInt(1000, 9999));
const XIAOLAN = '442000118';

/** 产品执行标准 (issue 27, decisions/0089): the enterprise's list, its alerts and the office's figure by town. */
describe.each(engines)('product standards of certified enterprises (%s)', (engine) => {
  const ctx = useTestApp(engine);
  const db = () => ctx.app.db;

  /** A record in the catalogue, numbered so the batch check finds it. */
  async function standard(no: string, status = 'current') {
    const p = normalizeStandardNo(no)!;
    const [r] = await db().query<{ id: number }>(
      `insert into standards (standard_no, no_key, no_base, no_prefix, name_zh, level, status)
       values ($1, $2, $3, $4, $5, 'local', $6) returning id::int as id`,
      [p.display, p.key, p.base, p.prefix, `示例产品标准 ${no}`, status],
    );
    return r!.id;
  }
  async function replace(oldId: number, byId: number) {
    await db().query(
      `insert into standard_relations (standard_id, kind, related_id, related_no_key, related_no)
       select $1, 'replaces', s.id, s.no_key, s.standard_no from standards s where s.id = $2`,
      [byId, oldId],
    );
  }
  async function changeStatus(id: number, from: string, to: string) {
    await db().query('update standards set status = $2 where id = $1', [id, to]);
    await db().query(
      `insert into standard_status_history (standard_id, old_status, new_status, source) values ($1, $2, $3, '测试')`,
      [id, from, to],
    );
  }
  async function enterprise(company: string) {
    const u = await userWithToken(ctx.app);
    await certify(ctx.app, u.id, company);
    return u;
  }
  const add = (token: string, lines: string[], productName?: string) =>
    call<Added>(ctx.app, 'POST', '/api/user/product-standards', token, { lines, ...(productName ? { productName } : {}) });
  const exposure = async (office: string, town?: string) =>
    (await call<Exposure>(ctx.app, 'GET', `/api/admin/product-standards/exposure${town ? `?town=${town}` : ''}`, office)).data;

  it('refuses a user without an approved certification, in Chinese', async () => {
    const u = await userWithToken(ctx.app);
    for (const res of [await call(ctx.app, 'GET', '/api/user/product-standards', u.token), await add(u.token, ['GB/T 1-2020'])]) {
      expect(res.code).not.toBe(0);
      expect(res.msg).toBe(NOT_CERTIFIED);
    }
    // A pending request is not enough either.
    await db().query(
      `insert into enterprise_certifications (user_id, company_name, credit_code, legal_rep, contact_name, contact_mobile)
       values ($1, '待审核公司', '91442000MA4UYYYY0X', '法人', '联系人', '13800000001')`,
      [u.id],
    );
    expect((await add(u.token, ['GB/T 1-2020'])).msg).toBe(NOT_CERTIFIED);
    expect((await call(ctx.app, 'GET', '/api/user/product-standards')).code).not.toBe(0);
  });

  it('adds typed and pasted lines, matched by the batch check, with status and replacement; removes them', async () => {
    const t = tag();
    const current = await standard(`DB4420/T ${t}1-2020`);
    const old = await standard(`DB4420/T ${t}2-2015`, 'replaced');
    const by = await standard(`DB4420/T ${t}2-2024`);
    await replace(old, by);
    const u = await enterprise('中山市示例电器有限公司');

    const one = await add(u.token, [`db4420/t ${t}1-2020`], '电饭煲');
    expect(one.code).toBe(0);
    expect(one.data).toMatchObject({ added: 1, matched: 1 });
    const pasted = await add(u.token, [`DB4420/T ${t}2-2015`, '', 'Q/ZS 0001-2020', '不是编号', `db4420/t ${t}1-2020`]);
    // Blank lines dropped; the typed line under another product (none) is its own line.
    expect(pasted.data).toMatchObject({ added: 4, matched: 2 });
    // The same text for the same product again is not a second line.
    expect((await add(u.token, [`db4420/t ${t}1-2020`], '电饭煲')).data.added).toBe(0);

    const list = (await call<Lines>(ctx.app, 'GET', '/api/user/product-standards', u.token)).data.lines;
    expect(list.map((l) => [l.line, l.productName, l.standardId, l.status, l.replacedBy?.id ?? null])).toEqual([
      [`db4420/t ${t}1-2020`, '电饭煲', current, 'current', null],
      [`DB4420/T ${t}2-2015`, null, old, 'replaced', by],
      ['Q/ZS 0001-2020', null, null, null, null],
      ['不是编号', null, null, null, null],
      [`db4420/t ${t}1-2020`, null, current, 'current', null],
    ]);
    // Another certified enterprise neither sees nor removes them.
    const other = await enterprise('中山市另一家有限公司');
    expect((await call<Lines>(ctx.app, 'GET', '/api/user/product-standards', other.token)).data.lines).toEqual([]);
    expect((await call(ctx.app, 'DELETE', `/api/user/product-standards/${list[0]!.id}`, other.token)).code).not.toBe(0);
    expect((await call(ctx.app, 'DELETE', `/api/user/product-standards/${list[0]!.id}`, u.token)).code).toBe(0);
    expect((await call<Lines>(ctx.app, 'GET', '/api/user/product-standards', u.token)).data.lines).toHaveLength(4);
    expect((await add(u.token, [])).msg).toBe('请至少填写一个标准号');
  });

  it('adds the lines of an uploaded list as the batch check reads it, with its limits', async () => {
    const t = tag();
    const a = await standard(`DB4420/T ${t}3-2021`);
    const u = await enterprise('中山市上传示例有限公司');
    const upload = async (content: Buffer, filename = '清单.txt') => {
      const body = multipart([{ filename, type: 'text/plain', content }]);
      return replyOf<Added>(
        await ctx.app.inject({
          method: 'POST',
          url: '/api/user/product-standards/file',
          headers: { ...body.headers, authorization: `Bearer ${u.token}` },
          payload: body.payload,
        }),
      );
    };
    const ok = await upload(Buffer.from(`DB4420/T ${t}3-2021\r\nGB/T 99999-2099\r\n`));
    expect(ok.code).toBe(0);
    expect(ok.data).toMatchObject({ added: 2, matched: 1 });
    expect(ok.data.lines.find((l) => l.standardId === a)?.line).toBe(`DB4420/T ${t}3-2021`);
    expect((await upload(Buffer.alloc(3 * 1024 * 1024, 'a'))).msg).toBe('文件不能超过2MB');
    expect((await upload(Buffer.from('没有编号的文字\n'))).msg).toBe('文件中没有找到标准号');
  });

  it('a status change of a listed standard alerts the enterprise by in-site message, and nobody who does not list it', async () => {
    const t = tag();
    const s = await standard(`DB4420/T ${t}4-2019`);
    const u = await enterprise('中山市提醒示例有限公司');
    // Listed before the change, as collections count.
    await add(u.token, [`DB4420/T ${t}4-2019`]);
    await db().query("update enterprise_product_standards set created_at = now() - interval '1 hour' where user_id = $1", [u.id]);
    const notListed = await enterprise('中山市未列示例有限公司');
    await changeStatus(s, 'current', 'abolished');
    await dispatchStatusAlerts(db());
    const rows = await db().query<{ user_id: number; channel: string; kind: string; event: string }>(
      'select user_id, channel, kind, event from alert_deliveries where user_id = any($1::int[])',
      [[u.id, notListed.id]],
    );
    expect(rows).toEqual([expect.objectContaining({ user_id: u.id, channel: 'site', kind: 'standard_status' })]);
    expect(rows[0]!.event).toMatch(/^status:\d+$/);
    // The outbox worker writes the in-site message.
    await deliverDue(db(), ctx.app.mailer, 'https://std.example.cn', 'test-worker', { sms: ctx.app.sms, smsDailyCap: 3 });
    const messages = await db().query<{ body: string }>('select body from messages where user_id = $1', [u.id]);
    expect(messages).toEqual([{ body: expect.stringContaining('废止') }]);
  });

  it('a new edition of a listed standard alerts the enterprise once, and nobody who does not list it', async () => {
    const t = tag();
    const old = await standard(`DB4420/T ${t}6-2019`);
    const u = await enterprise('中山市新版示例有限公司');
    await add(u.token, [`DB4420/T ${t}6-2019`]);
    const notListed = await enterprise('中山市新版未列示例有限公司');
    // The first scan notes where the catalogue ends; the new edition comes after.
    await scanNewStandards(db());
    const edition = await standard(`DB4420/T ${t}6-2026`);
    await scanNewStandards(db());
    await scanNewStandards(db());
    const rows = await db().query<{ user_id: number; event: string; channel: string; kind: string }>(
      'select user_id, event, channel, kind from alert_deliveries where user_id = any($1::int[])',
      [[u.id, notListed.id]],
    );
    expect(rows).toEqual([{ user_id: u.id, event: `edition:${edition}`, channel: 'site', kind: 'new_edition' }]);
    expect(old).not.toBe(edition);
  });

  it('即将实施 of a listed standard reaches the enterprise once, on its default 7 days', async () => {
    const t = tag();
    const s = await standard(`DB4420/T ${t}9-2026`, 'upcoming');
    const now = Date.now();
    // Beijing's day seven days from now.
    const day = new Date(now + 8 * 3600_000 + 7 * 86_400_000).toISOString().slice(0, 10);
    await db().query('update standards set implement_date = $2::date where id = $1', [s, day]);
    const u = await enterprise('中山市实施示例有限公司');
    await add(u.token, [`DB4420/T ${t}9-2026`]);
    await queueUpcomingImplementations(db(), now);
    await queueUpcomingImplementations(db(), now);
    const rows = await db().query<{ event: string; channel: string }>(
      'select event, channel from alert_deliveries where user_id = $1',
      [u.id],
    );
    expect(rows).toEqual([{ event: `impl:${s}:7`, channel: 'site' }]);
  });

  it('counts certified enterprises relying on superseded or abolished standards by town, with the list', async () => {
    const t = tag();
    const office = (await userWithToken(ctx.app, 'operator')).token;
    const before = await exposure(office);
    const townCount = (e: Exposure, code: string | null) => e.towns.find((x) => x.townCode === code)?.enterprises ?? 0;
    const old = await standard(`DB4420/T ${t}5-2010`, 'replaced');
    const by = await standard(`DB4420/T ${t}5-2023`);
    await replace(old, by);
    const gone = await standard(`DB4420/T ${t}6-2012`, 'abolished');
    const fine = await standard(`DB4420/T ${t}7-2022`);

    const xiaolan = await enterprise('中山市小榄镇示例五金有限公司');
    await add(xiaolan.token, [`DB4420/T ${t}5-2010`, `DB4420/T ${t}6-2012`]);
    const guzhen = await enterprise('中山市古镇示例灯饰有限公司');
    await add(guzhen.token, [`DB4420/T ${t}6-2012`]);
    const unknown = await enterprise('示例科技有限公司');
    await add(unknown.token, [`DB4420/T ${t}5-2010`]);
    const inForce = await enterprise('中山市小榄镇现行示例有限公司');
    await add(inForce.token, [`DB4420/T ${t}7-2022`]);
    // Certification withdrawn later (rejected now): no longer counted.
    const lapsed = await enterprise('中山市小榄镇撤销示例有限公司');
    await add(lapsed.token, [`DB4420/T ${t}6-2012`]);
    await db().query("update enterprise_certifications set status = 'rejected' where user_id = $1", [lapsed.id]);
    expect(fine).toBeGreaterThan(0);

    const after = await exposure(office);
    expect(after.enterprises - before.enterprises).toBe(3);
    expect(townCount(after, XIAOLAN) - townCount(before, XIAOLAN)).toBe(1);
    expect(townCount(after, '442000105') - townCount(before, '442000105')).toBe(1);
    expect(townCount(after, null) - townCount(before, null)).toBe(1);
    expect(after.towns.find((x) => x.townCode === null)?.townName).toBe('未确定镇街');

    const mine = after.list.filter((r) => [xiaolan.id, guzhen.id, unknown.id, inForce.id, lapsed.id].includes(r.userId));
    expect(
      mine.map((r) => [r.userId, r.townName, r.townSource, r.standardId, r.status, r.replacedBy?.id ?? null]).sort(),
    ).toEqual(
      [
        [xiaolan.id, '小榄镇', 'derived', old, 'replaced', by],
        [xiaolan.id, '小榄镇', 'derived', gone, 'abolished', null],
        [guzhen.id, '古镇镇', 'derived', gone, 'abolished', null],
        [unknown.id, '未确定镇街', null, old, 'replaced', by],
      ].sort(),
    );
    // By town, and the office assigns the unknown one a town.
    expect((await exposure(office, 'unknown')).list.some((r) => r.userId === unknown.id)).toBe(true);
    const put = await call(ctx.app, 'PUT', `/api/admin/product-standards/towns/${unknown.id}`, office, {
      townCode: XIAOLAN,
    });
    expect(put.code).toBe(0);
    const assigned = await exposure(office, XIAOLAN);
    expect(assigned.list.find((r) => r.userId === unknown.id)).toMatchObject({ townName: '小榄镇', townSource: 'assigned' });
    expect(townCount(assigned, XIAOLAN) - townCount(before, XIAOLAN)).toBe(2);
    expect(
      (await call(ctx.app, 'PUT', `/api/admin/product-standards/towns/${unknown.id}`, office, { townCode: '442000999' })).msg,
    ).toBe('镇街不存在');
    // A deleted account leaves the figure (its lines go with it), though its certification record is kept.
    const del = await call(ctx.app, 'POST', '/api/user/delete-account', guzhen.token, {
      password: encrypt(ctx.app, guzhen.password),
    });
    expect(del.code, del.msg).toBe(0);
    const gone2 = await exposure(office);
    expect(gone2.list.some((r) => r.userId === guzhen.id)).toBe(false);
    expect(townCount(gone2, '442000105')).toBe(townCount(before, '442000105'));
    // Operators only.
    expect((await call(ctx.app, 'GET', '/api/admin/product-standards/exposure', xiaolan.token)).code).not.toBe(0);
  });
});
