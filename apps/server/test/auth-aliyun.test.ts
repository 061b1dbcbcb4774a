import { describe, expect, it } from 'vitest';
import { AliyunSmsProvider, canonicalQuery, percentEncode, signRpc } from '../src/modules/sms/aliyun.ts';
import { buildApp } from '../src/app.ts';
import { createTestDb } from './helpers/db.ts';
import { testConfig } from './helpers/app.ts';

describe('Aliyun SMS request signing', () => {
  // The worked example of Aliyun's SMS API documentation ("HTTP 协议及签名", SendSms).
  const docParams = {
    AccessKeyId: 'testId',
    Action: 'SendSms',
    Format: 'XML',
    OutId: '123',
    PhoneNumbers: '15300000001',
    RegionId: 'cn-hangzhou',
    SignName: '阿里云短信测试专用',
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
    SignatureVersion: '1.0',
    TemplateCode: 'SMS_71390007',
    TemplateParam: '{"customer":"test"}',
    Timestamp: '2017-07-12T02:42:19Z',
    Version: '2017-05-25',
  };

  it('reproduces the documented canonical query and signature', () => {
    expect(canonicalQuery(docParams)).toBe(
      'AccessKeyId=testId&Action=SendSms&Format=XML&OutId=123&PhoneNumbers=15300000001&RegionId=cn-hangzhou' +
        '&SignName=%E9%98%BF%E9%87%8C%E4%BA%91%E7%9F%AD%E4%BF%A1%E6%B5%8B%E8%AF%95%E4%B8%93%E7%94%A8&SignatureMethod=HMAC-SHA1' +
        '&SignatureNonce=45e25e9b-0a6f-4070-8c85-2956eda1b466&SignatureVersion=1.0&TemplateCode=SMS_71390007' +
        '&TemplateParam=%7B%22customer%22%3A%22test%22%7D&Timestamp=2017-07-12T02%3A42%3A19Z&Version=2017-05-25',
    );
    expect(signRpc(docParams, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  });

  it('percent-encodes by the POP rules', () => {
    expect(percentEncode('a b*~')).toBe('a%20b%2A~');
    expect(percentEncode("!'()")).toBe('%21%27%28%29');
  });

  it('builds a signed SendSms URL carrying the code and checks the answer', async () => {
    const calls: string[] = [];
    const fake = (answer: unknown, status = 200) =>
      (async (url: string | URL | Request) => {
        calls.push(String(url));
        return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
      }) as typeof fetch;
    const opts = {
      accessKeyId: 'kid',
      accessKeySecret: 'sec',
      signName: '中山标准',
      templateCode: 'SMS_1',
      now: () => new Date('2026-01-02T03:04:05.678Z'),
      nonce: () => 'n-1',
    };
    const ok = new AliyunSmsProvider({ ...opts, fetch: fake({ Code: 'OK', Message: 'OK' }) });
    await ok.send('13800138000', '123456', 'login');
    const url = new URL(calls[0]!);
    expect(url.origin).toBe('https://dysmsapi.aliyuncs.com');
    const q = Object.fromEntries(url.searchParams);
    expect(q).toMatchObject({
      Action: 'SendSms',
      PhoneNumbers: '13800138000',
      SignName: '中山标准',
      TemplateCode: 'SMS_1',
      TemplateParam: '{"code":"123456"}',
      Timestamp: '2026-01-02T03:04:05Z',
      SignatureNonce: 'n-1',
      Version: '2017-05-25',
    });
    const { Signature, ...rest } = q;
    expect(Signature).toBe(signRpc(rest as Record<string, string>, 'sec'));

    const refused = new AliyunSmsProvider({ ...opts, fetch: fake({ Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发流控' }) });
    await expect(refused.send('13800138000', '123456', 'login')).rejects.toThrow(/BUSINESS_LIMIT_CONTROL/);
    const down = new AliyunSmsProvider({ ...opts, fetch: fake({}, 503) });
    await expect(down.send('13800138000', '123456', 'login')).rejects.toThrow(/503/);
  });

  it('stops the start when SMS_PROVIDER=aliyun lacks credentials', async () => {
    const testDb = await createTestDb('pglite');
    try {
      await expect(
        buildApp({ config: testConfig({ SMS_PROVIDER: 'aliyun', SMS_ACCESS_KEY_ID: 'kid' }), db: testDb.db, logger: false }).then(
          (a) => a.ready(),
        ),
      ).rejects.toThrow('SMS_PROVIDER=aliyun requires SMS_ACCESS_KEY_SECRET, SMS_SIGN_NAME, SMS_TEMPLATE_CODE');
      const app = await buildApp({
        config: testConfig({
          SMS_PROVIDER: 'aliyun',
          SMS_ACCESS_KEY_ID: 'k',
          SMS_ACCESS_KEY_SECRET: 's',
          SMS_SIGN_NAME: 'n',
          SMS_TEMPLATE_CODE: 't',
        }),
        db: testDb.db,
        logger: false,
      });
      await app.ready();
      expect(app.sms.name).toBe('aliyun');
      await app.close();
    } finally {
      await testDb.drop();
    }
  });
});
