/** The wire's shared pieces live in the domain contract; `stamps` turns a row's timestamps into them. */
export { idParams, listResponse, timestamps } from '../../domain/contract';

export function stamps(row: { createdAt: Date; updatedAt: Date; deletedAt: Date | null }) {
  return { created_at: row.createdAt, updated_at: row.updatedAt, deleted_at: row.deletedAt };
}
