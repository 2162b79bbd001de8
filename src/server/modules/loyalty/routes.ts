import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isoDate } from '../../../domain/coupons.schemas';
import { LOYALTY_PAGE_SIZE, listQuerySchema } from '../../../domain/list';
import { LOYALTY_WINDOW_DAYS, MISS_YOU_WINDOW_DAYS, pointAdjustmentSchema } from '../../../domain/loyalty';
import type { AppContext } from '../../context';
import { answerList, type CsvColumn } from '../../platform/list';
import type { CustomerDto } from '../customers/queries';
import { guardCustomerExport } from '../customers/export-guard';
import { customerResponse } from '../customers/responses';
import * as customers from '../customers/service';
import { idParams, listResponse } from '../dto';
import { loyaltyThresholds } from '../settings/service';
import * as history from './history';
import * as points from './points';
import { customerAppointmentResponse, customerLoyaltyResponse, customerOrderResponse, identityResponse, memberResponse, pointMovementResponse, purchasedProductResponse } from './responses';
import * as service from './service';

const flag = z.enum(['0', '1', 'true', 'false']).optional();
const rangeShape = { startDate: isoDate('fecha inicial').optional(), endDate: isoDate('fecha final').optional() };
// the loyalty tables page 5 rows by default (section 9)
const loyaltyTake = z
  .union([z.literal('all'), z.coerce.number().int().min(0).max(1000)])
  .default(LOYALTY_PAGE_SIZE)
  .transform((v) => (v === 'all' ? 0 : v));
const loyaltyListQuery = listQuerySchema.extend({
  take: loyaltyTake,
  blackList: flag,
  gender: z.string().max(10).optional(),
  ...rangeShape,
});
const loyaltySystemQuery = listQuerySchema.extend({
  take: loyaltyTake,
  blackList: flag,
  isTutor: flag,
  gender: z.string().max(10).optional(),
});
const paging = (take: number) => ({ page: z.coerce.number().int().min(1).default(1), take: z.coerce.number().int().min(0).max(100).default(take) });
const ordersQuery = z.object({ kind: z.enum(['order', 'cash'], { error: 'El tipo de orden debe ser order o cash' }).default('order'), ...paging(20) });
const byCustomerQuery = z.object({ customerId: z.uuid({ error: 'Cliente inválido' }), ...paging(5) });

const upper = (s: string | null | undefined) => (s ?? '').toUpperCase();
type Identity = { customerId: number; name: string; lastName: string; motherLastName: string | null; gender: string; email: string | null; mobilePhone: string | null; tutorMobilePhone?: string | null; tutor?: { mobilePhone: string | null } | null };
const identityCsv = <T extends Identity>(): CsvColumn<T>[] => [
  { header: 'Número', value: (c) => c.customerId },
  { header: 'Nombre', value: (c) => c.name },
  { header: 'Apellido paterno', value: (c) => upper(c.lastName) },
  { header: 'Apellido materno', value: (c) => upper(c.motherLastName) },
  { header: 'Género', value: (c) => c.gender },
  { header: 'Correo', value: (c) => c.email },
  { header: 'Celular', value: (c) => c.mobilePhone ?? c.tutorMobilePhone ?? c.tutor?.mobilePhone },
];


/** Loyalty lists (sistema de lealtad, miembros, we miss you) and a customer's orders, cash orders, purchased treatments and appointments. */
export function registerLoyaltyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const members = async (req: { query: z.output<typeof loyaltyListQuery>; user: { role: string } }, reply: FastifyReply) => {
    guardCustomerExport(req);
    const range = service.rangeOf(req.query, LOYALTY_WINDOW_DAYS);
    const spec = service.membersSpec(ctx.db, req.query, range, await loyaltyThresholds(ctx.db));
    return answerList(reply, req.query, spec, {
      name: 'miembros',
      columns: [...identityCsv<service.MemberDto>(), { header: 'Total de compras', value: (c) => c.total.toFixed(2) }, { header: 'Escala de lealtad', value: (c) => c.loyaltyScale }],
    });
  };
  const missYou = (req: { query: z.output<typeof loyaltyListQuery>; user: { role: string } }, reply: FastifyReply) => {
    guardCustomerExport(req);
    const range = service.rangeOf(req.query, MISS_YOU_WINDOW_DAYS);
    return answerList(reply, req.query, service.missYouSpec(ctx.db, req.query, range), { name: 'we-miss-you', columns: identityCsv() });
  };

  const membersSchema = { querystring: loyaltyListQuery, response: { 200: listResponse(memberResponse) } };
  const missYouSchema = { querystring: loyaltyListQuery, response: { 200: listResponse(identityResponse) } };
  r.get('/customer/totals-purchases', { config: { access: 'members.show' }, schema: membersSchema }, members);
  r.get('/members', { config: { access: 'members.show' }, schema: membersSchema }, members);
  r.get('/customer/we-miss-you', { config: { access: 'miss_you.show' }, schema: missYouSchema }, missYou);
  r.get('/miss-you', { config: { access: 'miss_you.show' }, schema: missYouSchema }, missYou);
  // API.md's name for the sistema de lealtad list: the customer list with loyalty's page size
  r.get('/loyalty-system', { config: { access: 'loyalty_system.show' }, schema: { querystring: loyaltySystemQuery, response: { 200: listResponse(customerResponse) } } }, async (req, reply) => {
    guardCustomerExport(req);
    return answerList(reply, req.query, await customers.customerListSpec(ctx.db, req.query), {
      name: 'sistema-de-lealtad',
      columns: [...identityCsv<CustomerDto>(), { header: 'Puntos', value: (c) => c.points }],
    });
  });

  r.get(
    '/customer/:id/loyalty',
    { config: { access: ['clients.show', 'loyalty_system.show', 'members.show'] }, schema: { params: idParams, querystring: z.object(rangeShape), response: { 200: customerLoyaltyResponse } } },
    (req) => service.customerLoyalty(ctx.db, req.params.id, req.query),
  );
  r.get(
    '/customer/:id/points',
    {
      config: { access: ['clients.show', 'loyalty_system.show'] },
      schema: { params: idParams, querystring: z.object(paging(20)), response: { 200: listResponse(pointMovementResponse).extend({ balance: z.number() }) } },
    },
    (req) => points.pointHistory(ctx.db, req.params.id, req.query),
  );
  r.post(
    '/customer/:id/points/adjust',
    { config: { access: 'clients.edit' }, schema: { params: idParams, body: pointAdjustmentSchema, response: { 201: pointMovementResponse } } },
    async (req, reply) => reply.code(201).send(await points.adjustPoints(ctx.db, req, req.params.id, req.body)),
  );
  r.get(
    '/customer/:id/orders',
    { config: { access: ['clients.show', 'loyalty_system.show', 'members.show', 'miss_you.show'] }, schema: { params: idParams, querystring: ordersQuery, response: { 200: listResponse(customerOrderResponse) } } },
    (req) => history.customerOrders(ctx.db, req.params.id, req.query.kind, req.query),
  );
  r.get(
    '/purchased-product/customer/:id',
    { config: { access: ['clients.show', 'dairy.show'] }, schema: { params: idParams, querystring: z.object(paging(20)), response: { 200: listResponse(purchasedProductResponse) } } },
    (req) => history.customerPurchasedProducts(ctx.db, req.params.id, req.query),
  );
  r.get(
    '/appointment/get-by-customer',
    { config: { access: ['clients.show', 'dairy.show', 'appointment.show'] }, schema: { querystring: byCustomerQuery, response: { 200: listResponse(customerAppointmentResponse) } } },
    (req) => history.customerAppointments(ctx.db, req.query.customerId, req.query),
  );
}
