import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, TransportError, xhrAdapter } from './transport.ts';

/** A real HTTP server on loopback, answering jsdom's XMLHttpRequest (with CORS, as jsdom enforces it). */
let server: http.Server;
let base = '';
const seen: Array<{ method?: string; url?: string; headers: http.IncomingHttpHeaders; body: string }> = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', '*');
    res.setHeader('Access-Control-Expose-Headers', 'Content-Disposition');
    if (req.method === 'OPTIONS') return res.end();
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('latin1')));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body });
      if (req.url === '/json') {
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        res.setHeader('Content-Disposition', 'attachment; filename="a.json"');
        return res.end(JSON.stringify({ code: 0, msg: '成功', data: { n: 1 } }));
      }
      if (req.url === '/empty') return res.end();
      if (req.url === '/bin') return res.end(Buffer.from([1, 2, 3]));
      if (req.url === '/fail') return void res.writeHead(502).end('bad gateway');
      if (req.url === '/slow') return void setTimeout(() => res.end('{}'), 2000);
      res.end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const client = () =>
  createClient({ baseURL: base, timeout: 5000, headers: { 'Content-Type': 'application/json' }, adapter: xhrAdapter });

describe('XMLHttpRequest transport', () => {
  it('sends JSON and parses a JSON answer, with lower-case header names', async () => {
    const res = await client().post<{ code: number; data: { n: number } }>('/json', { a: '中' });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ code: 0, msg: '成功', data: { n: 1 } });
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['content-disposition']).toBe('attachment; filename="a.json"');
    const sent = seen.at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.headers['content-type']).toContain('application/json');
    expect(Buffer.from(sent.body, 'latin1').toString('utf8')).toBe('{"a":"中"}');
  });

  it('gives an empty answer as an empty string and binary answers as the asked type', async () => {
    expect((await client().get('/empty')).data).toBe('');
    const buf = (await client().get<ArrayBuffer>('/bin', { responseType: 'arraybuffer' })).data;
    expect([...new Uint8Array(buf)]).toEqual([1, 2, 3]);
  });

  it('sends FormData as multipart with the boundary the browser chose, not the JSON default', async () => {
    const form = new FormData();
    form.append('purpose', 'portal');
    await client().post('/upload', form, { headers: { 'Content-Type': 'multipart/form-data' } });
    const sent = seen.at(-1)!;
    expect(sent.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent.body).toContain('name="purpose"');
  });

  it('rejects an HTTP status outside 2xx and a timeout as transport errors', async () => {
    const failed = await client()
      .get('/fail')
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(TransportError);
    expect(failed).toMatchObject({ code: 'ERR_BAD_RESPONSE', status: 502 });
    const slow = await client()
      .get('/slow', { timeout: 200 })
      .catch((e: unknown) => e);
    expect(slow).toMatchObject({ code: 'ECONNABORTED' });
  });
});
