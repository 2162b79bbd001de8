import type { FastifyRequest } from 'fastify';
import { noteSchema, type NoteInput } from '../../../domain/customers.schemas';
import { parseWithSchema } from '../../platform/errors';
import { readMultipart, type ImageUpload } from '../../platform/files';

const NOTE_FIELDS = ['customerId', 'noteType', 'title', 'note'] as const;

/**
 * The create request as the spec's form sends it: multipart with the note's fields (customerId, noteType, title,
 * note) and at most one photo (any file field, `photos` or `image`), or plain JSON without photo.
 */
export async function readNoteCreateRequest(req: FastifyRequest): Promise<{ input: NoteInput; upload?: ImageUpload }> {
  if (!req.isMultipart()) return { input: parseWithSchema(noteSchema, req.body) };
  const { fields, uploads } = await readMultipart(req, {
    files: 1,
    fields: NOTE_FIELDS,
    tooManyFiles: 'Se permite como máximo 1 imagen',
    otherwise: 'BAD_REQUEST',
  });
  return { input: parseWithSchema(noteSchema, fields), upload: uploads[0] };
}
