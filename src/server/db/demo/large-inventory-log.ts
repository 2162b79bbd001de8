import { sql } from 'drizzle-orm';
import { adjustmentTypeLabels, orderTypeLabels, type OrderType } from '../../../domain/inventory';
import { fromCents, multiplyCents, sumCents, type Cents } from '../../../domain/money';
import type { Db } from '../client';
import { pesos } from '../money';
import {
  assortmentOrderLots,
  assortmentOrderProducts,
  assortmentOrders,
  changeLog,
  purchaseOrderProducts,
  purchaseOrders,
  saleOrderProducts,
  saleOrders,
  transferProducts,
  transfers,
} from '../schema';
import type { Actor } from '../../platform/auth/actor';
import { redact } from '../../platform/change-log';
import { bulkInsert, idMaker } from './bulk';

/**
 * The change-log rows of the large data's inventory, as the order services write them (recordChange): one row per
 * transition of each order (crear, recibir, editar, aprobar, confirmar, rechazar, eliminar) with the order as it was
 * and as it is after it, in the shape of the services' reads, at the transition's own time; and the 'baja' row of
 * each expiry write-off. Snapshots are built when the rows are written, once every lot they name has its id.
 */

/** A lot of the simulation: its id is known once its movements are written. */
export interface LogLot {
  id?: string;
  productId: string;
  allotment: string;
  expiresAt: string | null;
  qty: number;
}

type Snapshot = () => unknown;

interface Entry {
  module: string;
  action: string;
  entityId: () => string | null;
  orderNumber: string | null;
  at: Date;
  actor: Actor;
  affectedBranchId: string | null;
  before: Snapshot | null;
  after: Snapshot | null;
}

interface Names {
  products: Map<string, { sku: string; name: string; barCode: string | null; requiresLot: boolean }>;
  branches: Map<string, { name: string; timeZone: string }>;
  providers: Map<string, { name: string; payConditions: number }>;
  /** People as each read names them: restock (name + last names, null when empty), transfers (trimmed), sale orders (name + last name). */
  people: Map<string, { restock: string | null; transfer: string; sale: string | null }>;
  max: Map<string, number>;
}

type PurchaseRow = typeof purchaseOrders.$inferInsert & { id: string };
type PurchaseLine = { row: typeof purchaseOrderProducts.$inferInsert; lot?: LogLot };
type AssortmentRow = typeof assortmentOrders.$inferInsert & { id: string };
type AssortmentLot = { row: typeof assortmentOrderLots.$inferInsert; from: LogLot; to?: LogLot };
type AssortmentLine = { row: typeof assortmentOrderProducts.$inferInsert; lots: AssortmentLot[] };
type TransferRow = typeof transfers.$inferInsert & { id: string };
type TransferLine = { row: typeof transferProducts.$inferInsert; from: LogLot; to?: LogLot };
type SaleRow = typeof saleOrders.$inferInsert & { id: string };
type SaleLine = { row: typeof saleOrderProducts.$inferInsert; from: LogLot };

/** A restock order's moment: the lines' stock at the branch, and (while En proceso) the distribution centre's valid units. */
export interface RestockMoment {
  stock: number[];
  dcStock?: number[];
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const dateOrNull = (d: Date | null | undefined) => d ?? null;

export class InventoryLog {
  private entries: Entry[] = [];

  private constructor(
    private readonly names: Names,
    private readonly dc: { id: string; name: string },
  ) {}

  static async load(db: Db, dcId: string): Promise<InventoryLog> {
    const rows = <T>(q: ReturnType<typeof sql>) => db.execute(q).then((r) => r.rows as T[]);
    // one query after another: the seed's transaction is a single connection
    const products = await rows<{ id: string; sku: string; name: string; bar_code: string | null; requires_lot: boolean }>(
      sql`select p.id, p.sku, p.name, p.bar_code, t.requires_lot from products p join product_types t on t.id = p.product_type_id`,
    );
    const branches = await rows<{ id: string; name: string; time_zone: string }>(sql`select id, name, time_zone from branches`);
    const providers = await rows<{ id: string; name: string; pay_conditions: number }>(sql`select id, name, pay_conditions from providers`);
    const people = await rows<{ id: string; restock: string | null; transfer: string | null; sale: string | null }>(sql`select id,
        nullif(trim(name || ' ' || last_name || ' ' || coalesce(mother_last_name, '')), '') as restock,
        trim(name || ' ' || last_name || ' ' || mother_last_name) as transfer, name || ' ' || last_name as sale from users`);
    const max = await rows<{ branch_id: string; product_id: string; max: number }>(
      sql`select branch_id, product_id, max from max_mins where deleted_at is null`,
    );
    const names: Names = {
      products: new Map(products.map((p) => [p.id, { sku: p.sku, name: p.name, barCode: p.bar_code, requiresLot: p.requires_lot }])),
      branches: new Map(branches.map((b) => [b.id, { name: b.name, timeZone: b.time_zone }])),
      providers: new Map(providers.map((p) => [p.id, { name: p.name, payConditions: p.pay_conditions }])),
      people: new Map(people.map((p) => [p.id, { restock: p.restock, transfer: p.transfer ?? '', sale: p.sale }])),
      max: new Map(max.map((m) => [`${m.branch_id}|${m.product_id}`, m.max])),
    };
    return new InventoryLog(names, { id: dcId, name: names.branches.get(dcId)!.name });
  }

  /** The transitions of one order: each row's `before` is the previous row's `after`; the order's row ends updated at the last one. */
  private history(module: string, order: { id: string; updatedAt?: Date }, orderNumber: string, affectedBranchId: string) {
    let last: Snapshot | null = null;
    return (action: string, actor: Actor, at: Date, after: Snapshot) => {
      this.entries.push({ module, action, entityId: () => order.id, orderNumber, at, actor, affectedBranchId, before: last, after });
      last = after;
      order.updatedAt = at;
    };
  }

  private product(id: string) {
    return this.names.products.get(id)!;
  }

  private branch(id: string) {
    return { id, name: this.names.branches.get(id)!.name };
  }

  /** A purchase: created by its author, received at the centre, then marked paid (an edit). */
  purchase(order: PurchaseRow, lines: PurchaseLine[], author: Actor, receiver: Actor, lastDay: Date): void {
    const step = this.history('purchaseOrder', order, order.orderNumber, this.dc.id);
    const sorted = [...lines].sort((a, b) => byText(this.product(a.row.productId).name, this.product(b.row.productId).name) || byText(a.row.id!, b.row.id!));
    const dto = (received: boolean, paid: boolean, updatedAt: Date) => () => {
      const subtotals = sorted.map((l) => multiplyCents(l.row.price, l.row.quantity));
      const provider = this.names.providers.get(order.providerId)!;
      return {
        id: order.id,
        orderNumber: order.orderNumber,
        invoiceNumber: order.invoiceNumber,
        providerId: order.providerId,
        provider: { id: order.providerId, name: provider.name, payConditions: provider.payConditions },
        payMethod: order.payMethod,
        arrivedAt: order.arrivedAt,
        creditExpiration: order.creditExpiration,
        payStatus: paid ? order.payStatus : 'Pendiente',
        payedAt: paid ? (order.payedAt ?? null) : null,
        tax: order.tax,
        amount: pesos(order.amount),
        total: pesos(order.amount),
        comments: order.comments ?? null,
        assortmentedAt: received ? dateOrNull(order.assortmentedAt) : null,
        receivedBranch: received ? this.branch(this.dc.id) : null,
        created_at: order.createdAt,
        updated_at: updatedAt,
        deleted_at: null,
        subtotal: pesos(sumCents(subtotals)),
        purchaseOrderProducts: sorted.map(({ row, lot }, i) => {
          const p = this.product(row.productId);
          return {
            id: row.id!,
            productId: row.productId,
            product: { id: row.productId, sku: p.sku, name: p.name, barCode: p.barCode, requiresLot: p.requiresLot },
            quantity: row.quantity,
            price: pesos(row.price),
            subtotal: pesos(subtotals[i]!),
            allotment: row.allotment ?? null,
            expiresAt: row.expiresAt ?? null,
            stockId: received ? (lot?.id ?? null) : null,
          };
        }),
      };
    };
    const created = order.createdAt!;
    step('crear', author, created, dto(false, false, created));
    const received = order.assortmentedAt ?? null;
    if (received) step('recibir', receiver, received, dto(true, false, received));
    if (order.payStatus === 'Completado' && order.payedAt) {
      const payDay = new Date(`${order.payedAt}T18:00:00Z`);
      const at = new Date(Math.max(Math.min(payDay.getTime(), lastDay.getTime()), (received ?? created).getTime() + 3_600_000));
      step('editar', author, at, dto(Boolean(received), true, at));
    }
  }

  /** A restock order's transitions, each logged at the moment the simulation reaches it. */
  restock(order: AssortmentRow, lines: AssortmentLine[]) {
    const step = this.history('assortmentOrder', order, order.orderNumber, order.branchId);
    const orderIndex = new Map(lines.map((l, i) => [l, i]));
    const sorted = [...lines].sort((a, b) => byText(this.product(a.row.productId).name, this.product(b.row.productId).name) || byText(a.row.id!, b.row.id!));
    type Phase = 'created' | 'approved' | 'finished' | 'rejected' | 'deleted';
    const dto = (phase: Phase, sent: boolean, moment: RestockMoment, at: Date) => () => {
      const finished = phase === 'finished';
      const status = { created: 'En proceso', approved: 'En tránsito', finished: 'Terminada', rejected: 'Rechazada', deleted: 'Eliminada' }[phase];
      const lineDtos = sorted.map((l) => {
        const p = this.product(l.row.productId);
        const i = orderIndex.get(l)!;
        const lots = sent
          ? [...l.lots]
              .sort(
                (a, b) =>
                  byText(a.from.expiresAt ?? '9999', b.from.expiresAt ?? '9999') || byText(a.from.allotment, b.from.allotment) || byText(a.row.id!, b.row.id!),
              )
              .map((lot) => ({
                stockId: lot.from.id!,
                allotment: lot.from.allotment,
                expiresAt: lot.from.expiresAt,
                quantity: lot.row.quantity,
                receivedQuantity: finished ? (lot.row.receivedQuantity ?? null) : null,
                destinationStockId: finished ? (lot.to?.id ?? null) : null,
              }))
          : [];
        return {
          id: l.row.id!,
          productId: l.row.productId,
          product: { id: l.row.productId, sku: p.sku, name: p.name },
          max: this.names.max.get(`${order.branchId}|${l.row.productId}`) ?? null,
          stock: moment.stock[i] ?? 0,
          dcStock: phase === 'created' ? (moment.dcStock?.[i] ?? 0) : 0,
          orderedQuantity: l.row.orderedQuantity,
          stockedQuantity: sent ? (l.row.stockedQuantity ?? null) : null,
          receivedQuantity: finished ? (l.row.receivedQuantity ?? null) : null,
          lots,
        };
      });
      const admin = (id: string | null | undefined) => (id ? (this.names.people.get(id)?.restock ?? null) : null);
      return {
        id: order.id,
        orderNumber: order.orderNumber,
        orderType: order.orderType,
        orderTypeLabel: orderTypeLabels[order.orderType as OrderType] ?? order.orderType,
        branchId: order.branchId,
        branch: this.branch(order.branchId),
        originBranch: sent ? this.branch(this.dc.id) : null,
        status,
        comments: order.comments ?? null,
        orderById: order.orderById,
        orderBy: admin(order.orderById),
        approvedBy: sent ? admin(order.approvedById) : null,
        finishedBy: finished ? admin(order.finishedById) : null,
        approvedAt: sent ? dateOrNull(order.approvedAt) : null,
        sentAt: sent ? dateOrNull(order.sentAt) : null,
        finishedAt: finished ? dateOrNull(order.finishedAt) : null,
        rejectedAt: phase === 'rejected' ? dateOrNull(order.rejectedAt) : null,
        hasDifference: finished && lines.some((x) => (x.row.receivedQuantity ?? 0) !== (x.row.stockedQuantity ?? 0)),
        created_at: order.createdAt,
        updated_at: at,
        deleted_at: phase === 'deleted' ? dateOrNull(order.deletedAt) : null,
        assortmentOrderProducts: lineDtos,
      };
    };
    return {
      created: (actor: Actor, moment: RestockMoment) => step('crear', actor, order.createdAt!, dto('created', false, moment, order.createdAt!)),
      approved: (actor: Actor, moment: RestockMoment) => step('aprobar', actor, order.approvedAt!, dto('approved', true, moment, order.approvedAt!)),
      finished: (actor: Actor, moment: RestockMoment) => step('confirmar', actor, order.finishedAt!, dto('finished', true, moment, order.finishedAt!)),
      rejected: (actor: Actor, sent: boolean, moment: RestockMoment) =>
        step('rechazar', actor, order.rejectedAt!, dto('rejected', sent, moment, order.rejectedAt!)),
      deleted: (actor: Actor, moment: RestockMoment) => step('eliminar', actor, order.deletedAt!, dto('deleted', false, moment, order.deletedAt!)),
    };
  }

  /** A transfer's transitions; `stock` is each line's origin lot quantity at that moment (in the lines' order). */
  transfer(order: TransferRow, lines: TransferLine[]) {
    const step = this.history('transfers', order, order.transferNumber, order.originBranchId);
    const orderIndex = new Map(lines.map((l, i) => [l, i]));
    const sorted = [...lines].sort(
      (a, b) =>
        byText(this.product(a.row.productId).name, this.product(b.row.productId).name) ||
        byText(a.from.allotment, b.from.allotment) ||
        byText(a.row.id!, b.row.id!),
    );
    type Phase = 'created' | 'approved' | 'finished' | 'rejected';
    const person = (id: string | null | undefined) => (id ? { id, name: this.names.people.get(id)?.transfer ?? '' } : null);
    const dto = (phase: Phase, sent: boolean, stock: number[], at: Date) => () => {
      const finished = phase === 'finished';
      return {
        id: order.id,
        transferNumber: order.transferNumber,
        originBranchId: order.originBranchId,
        destinyBranchId: order.destinyBranchId,
        originBranch: this.branch(order.originBranchId),
        destinyBranch: this.branch(order.destinyBranchId),
        status: { created: 'En proceso', approved: 'En tránsito', finished: 'Terminada', rejected: 'Rechazada' }[phase],
        comments: order.comments ?? null,
        createdById: order.createdById,
        approvedAt: sent ? dateOrNull(order.approvedAt) : null,
        acceptedAt: finished ? dateOrNull(order.acceptedAt) : null,
        rejectedAt: phase === 'rejected' ? dateOrNull(order.rejectedAt) : null,
        hasDifference: finished && lines.some((l) => (l.row.receivedQuantity ?? 0) !== l.row.stockedQuantity),
        created_at: order.createdAt,
        updated_at: at,
        deleted_at: null,
        createdBy: person(order.createdById),
        approvedBy: sent ? person(order.approvedById) : null,
        acceptedBy: finished ? person(order.acceptedById) : null,
        rejectedBy: phase === 'rejected' ? person(order.rejectedById) : null,
        transferProducts: sorted.map((l) => {
          const p = this.product(l.row.productId);
          return {
            id: l.row.id!,
            stockId: l.from.id!,
            product: { id: l.row.productId, sku: p.sku, name: p.name },
            allotment: l.from.allotment,
            expiresAt: l.from.expiresAt,
            stock: stock[orderIndex.get(l)!] ?? 0,
            stockedQuantity: l.row.stockedQuantity,
            receivedQuantity: finished ? (l.row.receivedQuantity ?? null) : null,
            destinationStockId: finished ? (l.to?.id ?? null) : null,
          };
        }),
      };
    };
    return {
      created: (actor: Actor, stock: number[]) => step('crear', actor, order.createdAt!, dto('created', false, stock, order.createdAt!)),
      approved: (actor: Actor, stock: number[]) => step('aprobar', actor, order.approvedAt!, dto('approved', true, stock, order.approvedAt!)),
      finished: (actor: Actor, stock: number[]) => step('confirmar', actor, order.acceptedAt!, dto('finished', true, stock, order.acceptedAt!)),
      rejected: (actor: Actor, sent: boolean, stock: number[]) => step('rechazar', actor, order.rejectedAt!, dto('rejected', sent, stock, order.rejectedAt!)),
    };
  }

  /** A sale order: one 'crear' row. */
  sale(order: SaleRow, lines: SaleLine[], author: Actor): void {
    const sorted = [...lines].sort(
      (a, b) =>
        byText(this.product(a.row.productId).name, this.product(b.row.productId).name) ||
        byText(a.from.allotment, b.from.allotment) ||
        byText(a.row.id!, b.row.id!),
    );
    const branch = this.names.branches.get(order.branchId)!;
    const dto = () => ({
      id: order.id,
      orderNumber: order.orderNumber,
      name: order.name,
      rfc: order.rfc ?? null,
      phone: order.phone,
      note: order.note,
      comments: order.comments ?? null,
      totalAmount: pesos(order.totalAmount),
      branchId: order.branchId,
      branch: { id: order.branchId, name: branch.name, timeZone: branch.timeZone },
      createdBy: order.createdById ? (this.names.people.get(order.createdById)?.sale ?? null) : null,
      created_at: order.createdAt,
      updated_at: order.updatedAt,
      deleted_at: null,
      saleOrderProducts: sorted.map(({ row, from }) => {
        const p = this.product(row.productId);
        return {
          id: row.id!,
          stockId: from.id!,
          productId: row.productId,
          sku: p.sku,
          product: p.name,
          allotment: from.allotment,
          expiresAt: from.expiresAt,
          quantity: row.quantity,
          price: pesos(row.price),
          subtotal: fromCents(multiplyCents(row.price as Cents, row.quantity)),
        };
      }),
    });
    this.history('saleOrder', order, order.orderNumber, order.branchId)('crear', author, order.createdAt!, dto);
  }

  /** An expired lot written off at a clinic (the stock area's adjustment row: 'baja', merma por caducidad). */
  expiryWriteOff(lot: LogLot, branchId: string, units: number, actor: Actor, at: Date, justification: string): void {
    const name = this.product(lot.productId).name;
    this.entries.push({
      module: 'inventory',
      action: 'baja',
      entityId: () => lot.id!,
      orderNumber: null,
      at,
      actor,
      affectedBranchId: branchId,
      before: () => ({ quantity: units }),
      after: () => ({ quantity: 0, type: adjustmentTypeLabels.expiry, justification, product: name, allotment: lot.allotment, stock: 0 }),
    });
  }

  /** Writes the rows in batches, oldest first (as the services would have). */
  async write(db: Db, chunk = 500): Promise<number> {
    const id = idMaker('large-change-log');
    this.entries.sort((a, b) => a.at.getTime() - b.at.getTime());
    for (let i = 0; i < this.entries.length; i += chunk) {
      const rows = this.entries
        .slice(i, i + chunk)
        .map((e, j) => ({
          id: id(i + j),
          createdAt: e.at,
          updatedAt: e.at,
          deletedAt: null,
          module: e.module,
          action: e.action,
          entityId: e.entityId(),
          orderNumber: e.orderNumber,
          before: e.before ? redact(e.before()) : null,
          after: e.after ? redact(e.after()) : null,
          userId: e.actor.id,
          branchId: e.actor.branchId,
          affectedBranchId: e.affectedBranchId,
          metadata: e.actor.address ? { userAgent: e.actor.address.userAgent, ip: e.actor.address.ip } : { source: 'sistema' },
        }));
      await bulkInsert(db, changeLog, rows, chunk);
    }
    return this.entries.length;
  }
}
