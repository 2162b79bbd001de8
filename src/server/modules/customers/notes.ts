import type { Actor } from '../../platform/auth/actor';
import { and, count, desc, eq } from 'drizzle-orm';
import type { NoteInput } from '../../../domain/customers.schemas';
import { can } from '../../../domain/privileges';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { customerNotes, customers, users } from '../../db/schema';
import { recordChange } from '../../platform/change-log';
import { AppError } from '../../platform/errors';
import { deleteImage, replaceImage, saveImage, type ImageUpload } from '../../platform/files';
import { listMeta } from '../../../domain/list';
import { stamps } from '../dto';
import { live, softDelete } from '../../db/live';

function selectNotes(db: DbOrTx) {
  return db
    .select({ n: customerNotes, userName: users.name, userLastName: users.lastName })
    .from(customerNotes)
    .leftJoin(users, eq(users.id, customerNotes.userId));
}
type Joined = Awaited<ReturnType<ReturnType<typeof selectNotes>['execute']>>[number];

function toNoteDto(r: Joined) {
  const n = r.n;
  return {
    id: n.id,
    customerId: n.customerId,
    noteType: n.noteType,
    title: n.title,
    note: n.note,
    photo: n.photo ? { name: n.photo } : null,
    user: n.userId ? { id: n.userId, name: r.userName ?? '', lastName: r.userLastName ?? '' } : null,
    ...stamps(n),
  };
}

export async function listNotes(ctx: AppContext, customerId: string, page: number, take: number) {
  const where = and(eq(customerNotes.customerId, customerId), live(customerNotes));
  const base = selectNotes(ctx.db)
    .where(where)
    .orderBy(desc(customerNotes.createdAt), customerNotes.id)
    .offset(take ? (page - 1) * take : 0);
  const [rows, [{ n }]] = await Promise.all([take ? base.limit(take) : base, ctx.db.select({ n: count() }).from(customerNotes).where(where)]);
  return { items: rows.map(toNoteDto), meta: listMeta(page, take, n) };
}

async function findNote(db: DbOrTx, id: string) {
  const [row] = await selectNotes(db)
    .where(and(eq(customerNotes.id, id), live(customerNotes)))
    .limit(1);
  if (!row) throw new AppError('NOTE_NOT_FOUND');
  return toNoteDto(row);
}

export async function createNote(ctx: AppContext, actor: Actor, input: NoteInput, upload?: ImageUpload) {
  // the photo is checked and stored first; if the note is not saved, it goes too
  const photo = upload ? await saveImage(ctx.config, 'notes', upload) : null;
  try {
    return await ctx.db.transaction(async (tx) => {
      const [customer] = await tx
        .select({ id: customers.id })
        .from(customers)
        .where(and(eq(customers.id, input.customerId), live(customers)))
        .limit(1);
      if (!customer) throw new AppError('CUSTOMER_NOT_FOUND');
      const [row] = await tx
        .insert(customerNotes)
        .values({ ...input, photo, userId: actor.id })
        .returning({ id: customerNotes.id });
      const after = await findNote(tx, row.id);
      await recordChange(tx, actor, { module: 'clients', action: 'crear nota', entityId: input.customerId, after });
      return after;
    });
  } catch (err) {
    await deleteImage(ctx.config, 'notes', photo);
    throw err;
  }
}

export async function deleteNote(ctx: AppContext, actor: Actor, id: string) {
  return ctx.db.transaction(async (tx) => {
    const before = await findNote(tx, id);
    // a clinical note is removed by its author, or by a role that may delete customers' records (clients.delete)
    if (before.user?.id !== actor.id && !can(actor.privileges, 'clients', 'delete')) throw new AppError('FORBIDDEN');
    await softDelete(tx, customerNotes, eq(customerNotes.id, id));
    await recordChange(tx, actor, { module: 'clients', action: 'eliminar nota', entityId: before.customerId, before });
    return { ...before, deleted_at: new Date() };
  });
}

/** At most one photo per note, uploaded after the note is saved. */
export async function setNotePhoto(ctx: AppContext, actor: Actor, id: string, upload: ImageUpload) {
  const before = await findNote(ctx.db, id);
  await replaceImage(ctx.config, 'notes', upload, (name) =>
    ctx.db.transaction(async (tx) => {
      await tx.update(customerNotes).set({ photo: name }).where(eq(customerNotes.id, id));
      await recordChange(tx, actor, { module: 'clients', action: 'foto de nota', entityId: before.customerId, after: { note: id, photo: name } });
      return { result: null, previous: before.photo?.name };
    }),
  );
  return findNote(ctx.db, id);
}
