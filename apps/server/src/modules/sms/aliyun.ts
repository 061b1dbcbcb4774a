import crypto from 'node:crypto';
import type { SmsProvider, SmsPurpose } from './provider.ts';

export interface AliyunSmsOptions {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  endpoint?: string;
  /** Injectable for tests. */
  fetch?: typeof fetch;
  now?: () => Date;
  nonce?: () => string;
}

/** RFC 3986 encoding as Aliyun's RPC signature (v1) requires: space %20, '*' %2A, '~' kept
 * (encodeURIComponent already does the first and last; it leaves !'()* unescaped). */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function canonicalQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k !== 'Signature')
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k]!)}`)
    .join('&');
}

/** HMAC-SHA1 over "METHOD&%2F&encode(canonical query)" with key "secret&" (Aliyun RPC signature v1). */
export function signRpc(params: Record<string, string>, secret: string, method = 'GET'): string {
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(canonicalQuery(params))}`;
  return crypto.createHmac('sha1', `${secret}&`).update(stringToSign).digest('base64');
}

/** Aliyun SMS (dysmsapi SendSms) over its plain HTTP API; no SDK. */
export class AliyunSmsProvider implements SmsProvider {
  readonly name = 'aliyun';

  constructor(private readonly opts: AliyunSmsOptions) {}

  /** The signed GET URL of one SendSms call; the template receives the code as ${code}. */
  buildUrl(mobile: string, code: string): string {
    const o = this.opts;
    const params: Record<string, string> = {
      AccessKeyId: o.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: mobile,
      RegionId: 'cn-hangzhou',
      SignName: o.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: o.nonce?.() ?? crypto.randomUUID(),
      SignatureVersion: '1.0',
      TemplateCode: o.templateCode,
      TemplateParam: JSON.stringify({ code }),
      Timestamp: (o.now?.() ?? new Date()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
    };
    const signature = signRpc(params, o.accessKeySecret);
    const endpoint = o.endpoint ?? 'https://dysmsapi.aliyuncs.com/';
    return `${endpoint}?Signature=${percentEncode(signature)}&${canonicalQuery(params)}`;
  }

  async send(mobile: string, code: string, purpose: SmsPurpose) {
    // The verification-code template cannot carry an alert's text; alerts need a template of their own (not set up).
    if (purpose === 'alert') throw new Error('SMS alerts are not available with the Aliyun verification-code template');
    const doFetch = this.opts.fetch ?? fetch;
    const res = await doFetch(this.buildUrl(mobile, code), { method: 'GET', signal: AbortSignal.timeout(10_000) });
    const body = (await res.json().catch(() => null)) as { Code?: string; Message?: string } | null;
    if (!res.ok || body?.Code !== 'OK') {
      throw new Error(`Aliyun SMS refused: HTTP ${res.status} ${body?.Code ?? ''} ${body?.Message ?? ''}`.trim());
    }
  }
}
