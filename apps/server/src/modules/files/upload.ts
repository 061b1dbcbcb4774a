import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../lib/envelope.ts';
import { FileMessages } from './service.ts';

/**
 * The one file of a multipart request, with the upload limits turned into Chinese messages. Every
 * part is read so that a second file is noticed (the files limit raises FST_FILES_LIMIT).
 */
export async function readOneFile(req: FastifyRequest): Promise<{ filename: string; content: Buffer }> {
  if (!req.isMultipart()) throw badRequest(FileMessages.notMultipart);
  let file: { filename: string; content: Buffer } | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') continue;
      file = { filename: part.filename, content: await part.toBuffer() };
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(FileMessages.tooLarge);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw badRequest('每次只能上传一个文件');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw badRequest(FileMessages.notMultipart);
    throw badRequest('上传内容不完整，请重新上传');
  }
  if (!file) throw badRequest(FileMessages.missing);
  return file;
}
