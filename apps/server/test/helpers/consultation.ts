import type { FastifyInstance } from 'fastify';
import { Document, Packer, Paragraph } from 'docx';
import { advanceClock, resetClock } from '../../src/lib/clock.ts';
import { call } from './answer.ts';
import { multipart, PDF } from './multipart.ts';

/** Sets lib/clock so that "now" is `at` (tests of the comment period's minute before and after). */
export function setNow(at: string | number): void {
  resetClock();
  advanceClock(new Date(at).getTime() - Date.now());
}

/** A console upload (purpose portal) of a PDF or a DOCX; returns what the draft form sends. */
export async function consoleUpload(app: FastifyInstance, token: string, kind: 'pdf' | 'docx' = 'pdf') {
  const content =
    kind === 'pdf' ? PDF : await Packer.toBuffer(new Document({ sections: [{ children: [new Paragraph('编制说明（示例）')] }] }));
  const body = multipart([{ filename: kind === 'pdf' ? '征求意见稿.pdf' : '编制说明.docx', content }]);
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/content/files',
    headers: { authorization: token, ...body.headers },
    payload: body.payload,
  });
  const data = res.json().data as { id: number; name: string; url: string };
  return { fileId: data.id, name: data.name, url: data.url };
}

let counter = 0;

/** A draft form with a unique plan number; override any field. */
export function draftForm(over: Record<string, unknown> = {}) {
  counter += 1;
  return {
    projectName: `示例：地理标志产品 黄圃腊味 第${counter}稿`,
    planNo: `ZS-T-${Date.now() % 100000}-${counter}`,
    kind: 'local',
    draftingUnits: '示例起草单位甲；示例起草单位乙',
    responsibleUnit: '中山市市场监督管理局（示例）',
    startsAt: '2027-03-01T09:00:00+08:00',
    deadline: '2027-03-31T17:00:00+08:00',
    contact: '示例联系人 0760-00000000',
    ...over,
  };
}

/** Creates a draft and publishes it at once (as an admin); returns its id. */
export async function publishedDraft(app: FastifyInstance, adminToken: string, over: Record<string, unknown> = {}) {
  const created = await call<{ id: number }>(app, 'POST', '/api/admin/consultations', adminToken, draftForm(over));
  if (created.code !== 0) throw new Error(`draft not created: ${created.msg}`);
  const pub = await call(app, 'POST', `/api/admin/consultations/${created.data.id}/status`, adminToken, { action: 'publish' });
  if (pub.code !== 0) throw new Error(`draft not published: ${pub.msg}`);
  return created.data.id;
}

export const comment = (clause: string, over: Record<string, unknown> = {}) => ({
  clause,
  content: `第${clause}条的意见（示例）`,
  suggestion: '建议补充检验方法',
  reason: '便于执行',
  ...over,
});
