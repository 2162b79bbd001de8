import type { FastifyRequest } from 'fastify';
import { packageFieldsSchema, packageSchema, type PackageInput } from '../../../domain/packages.schemas';
import { AppError, parseWithSchema } from '../../platform/errors';
import { readMultipart, type ImageUpload } from '../../platform/files';

/** The form's fields by name, plus `data` (the whole payload as JSON, as the product create sends it). */
const FIELDS = ['data', ...Object.keys(packageFieldsSchema.shape)];

/** A multipart text field: lists and the item list travel as JSON text (`["…"]`), the rest as plain text. */
function fieldValue(text: string): unknown {
  if (!/^\s*[[{]/.test(text)) return text;
  try {
    return JSON.parse(text);
  } catch {
    // left as text: the schema then names the field that is not a list
    return text;
  }
}

function multipartPayload(fields: Record<string, string>): unknown {
  if (fields.data !== undefined) {
    try {
      return JSON.parse(fields.data);
    } catch {
      const message = 'El campo data debe contener los datos del paquete en JSON';
      throw new AppError('VALIDATION_FAILED', message, [{ field: 'data', message }]);
    }
  }
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, fieldValue(v)]));
}

/**
 * PUT /package/:id/update as the spec's form sends it (API.md: multipart): the fields and at most one photo, or
 * plain JSON without photo. Either way the domain schema checks it and a 400 names the wrong field in Spanish.
 */
export async function readPackageUpdate(req: FastifyRequest): Promise<{ input: PackageInput; upload?: ImageUpload }> {
  if (!req.isMultipart()) return { input: parseWithSchema(packageSchema, req.body ?? {}) };
  const { fields, uploads } = await readMultipart(req, {
    files: 1,
    fields: FIELDS,
    maxFields: FIELDS.length + 5,
    tooManyFiles: 'Se permite como máximo 1 imagen',
    otherwise: 'BAD_REQUEST',
  });
  return { input: parseWithSchema(packageSchema, multipartPayload(fields)), upload: uploads[0] };
}
