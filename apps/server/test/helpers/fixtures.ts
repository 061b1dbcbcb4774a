import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { insertItem } from '../../src/modules/portal/repository.ts';

/** A published 标准查新 service item to apply for. */
export function serviceItem(app: FastifyInstance): Promise<number> {
  return insertItem(app.db, {
    section: 'service',
    category: 'novelty_search',
    title: '标准查新',
    attrs: { provider: '机构', scope: '范围', steps: ['提交'], fees: '面议' },
  });
}

/** An activity open for sign-up: starts in 10 days, sign-up closes in 5, 50 seats (attrs override). */
export function openActivity(app: FastifyInstance, attrs: Record<string, unknown> = {}): Promise<number> {
  const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();
  return insertItem(app.db, {
    section: 'activity',
    category: 'standard',
    title: '测试活动',
    attrs: {
      startAt: inDays(10),
      endAt: inDays(10.2),
      place: '中山',
      seatLimit: 50,
      signupDeadline: inDays(5),
      open: true,
      ...attrs,
    },
  });
}

/** A pino destination that keeps the log lines, for tests of what the server logs. */
export function logSink() {
  let text = '';
  const stream = new Writable({
    write(chunk, _enc, done) {
      text += String(chunk);
      done();
    },
  });
  return { stream, text: () => text };
}
