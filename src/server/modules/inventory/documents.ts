import { sql } from 'drizzle-orm';
import { documentNumber, type DocumentKind } from '../../../domain/inventory';
import type { DbOrTx } from '../../db/client';

const SEQUENCES: Record<DocumentKind, string> = {
  purchase: 'purchase_order_number_seq',
  assortment: 'assortment_order_number_seq',
  sale: 'sale_order_number_seq',
  transfer: 'transfer_number_seq',
};

/** The next OC-, OR-, SO- or TR- number: its sequence's nextval, so two concurrent orders never share one. */
export async function nextDocumentNumber(tx: DbOrTx, kind: DocumentKind): Promise<string> {
  const result = (await tx.execute(sql`select nextval(${SEQUENCES[kind]}::regclass)::text as n`)) as unknown as { rows: { n: string }[] };
  return documentNumber(kind, result.rows[0]!.n);
}
