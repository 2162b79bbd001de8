import type { DbOrTx } from '../db/client';
import { namedRead } from '../db/prepared';
import { changeLog } from '../db/schema';
import type { Actor } from './auth/actor';

/** Keys never written in clear into the change log. */
const SENSITIVE = new Set([
  'passwordHash',
  'pinHash',
  'password',
  'pin',
  'newPin',
  'currentPassword',
  'passwordConfirm',
  'curp',
  'rfc',
  'nss',
  'ocr',
  'salary',
  'isr',
  'bankAccount',
  'diseases',
  'allergies',
  'drugAllergies',
  'bloodType',
  'personalEmail',
]);

export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, SENSITIVE.has(k) && v != null ? '••••' : redact(v)]));
  }
  return value;
}

export interface ChangeEntry {
  module: string;
  action: string;
  entityId?: string | null;
  orderNumber?: string | null;
  before?: unknown;
  after?: unknown;
  affectedBranchId?: string | null;
  /** When it happened, for a change told at a past moment (the demo's history); default now. */
  at?: Date;
}

/** The change-log row's insert, not run: recordChange runs it, and a statement that writes more may hold it (its getSQL()). */
export function changeLogInsert(db: DbOrTx, actor: Actor | null, entry: ChangeEntry) {
  return db
    .insert(changeLog)
    .values({
      module: entry.module,
      action: entry.action,
      entityId: entry.entityId ?? null,
      orderNumber: entry.orderNumber ?? null,
      before: entry.before === undefined ? null : redact(entry.before),
      after: entry.after === undefined ? null : redact(entry.after),
      userId: actor?.id ?? null,
      branchId: actor?.branchId ?? null,
      affectedBranchId: entry.affectedBranchId ?? null,
      metadata: actor?.address ? { userAgent: actor.address.userAgent, ip: actor.address.ip } : { source: 'sistema' },
      ...(entry.at && { createdAt: entry.at, updatedAt: entry.at }),
    });
}

/** Writes the change-log row inside the same transaction as the change itself; a null actor is the system. */
export async function recordChange(tx: DbOrTx, actor: Actor | null, entry: ChangeEntry): Promise<void> {
  // a named statement: one text (two with a past moment), written on almost every request that changes something
  await namedRead(changeLogInsert(tx, actor, entry));
}
