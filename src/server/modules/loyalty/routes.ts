import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import { loyaltyRoutes } from '../../../domain/loyalty.contract';
import { LOYALTY_WINDOW_DAYS, MISS_YOU_WINDOW_DAYS } from '../../../domain/loyalty';
import type { AppContext } from '../../context';
import { answerList, type CsvColumn } from '../../platform/list';
import { serve } from '../../platform/serve';
import { customerListSpec, guardCustomerExport, type CustomerDto } from '../customers';
import { loyaltyThresholds } from '../settings';
import * as history from './history';
import * as points from './points';
import * as service from './service';

type LoyaltyListQuery = z.output<typeof loyaltyRoutes.members.query>;

const upper = (s: string | null | undefined) => (s ?? '').toUpperCase();
type Identity = {
  customerId: number;
  name: string;
  lastName: string;
  motherLastName: string | null;
  gender: string;
  email: string | null;
  mobilePhone: string | null;
  tutorMobilePhone?: string | null;
  tutor?: { mobilePhone: string | null } | null;
};
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
  const members = async (req: { query: LoyaltyListQuery; actor: { role: string } }, reply: FastifyReply) => {
    guardCustomerExport(req);
    const range = service.rangeOf(req.query, LOYALTY_WINDOW_DAYS);
    const spec = service.membersSpec(ctx.db, req.query, range, await loyaltyThresholds(ctx.db));
    return answerList(reply, req.query, spec, {
      name: 'miembros',
      columns: [
        ...identityCsv<service.MemberDto>(),
        { header: 'Total de compras', value: (c) => c.total.toFixed(2) },
        { header: 'Escala de lealtad', value: (c) => c.loyaltyScale },
      ],
    });
  };
  const missYou = (req: { query: LoyaltyListQuery; actor: { role: string } }, reply: FastifyReply) => {
    guardCustomerExport(req);
    const range = service.rangeOf(req.query, MISS_YOU_WINDOW_DAYS);
    return answerList(reply, req.query, service.missYouSpec(ctx.db, req.query, range), { name: 'we-miss-you', columns: identityCsv() });
  };

  const routes = loyaltyRoutes;
  // API.md also names them /members and /miss-you: both paths answer
  for (const path of [routes.members.path, '/members']) serve(app, { ...routes.members, path }, 'members.show', members);
  for (const path of [routes.missYou.path, '/miss-you']) serve(app, { ...routes.missYou, path }, 'miss_you.show', missYou);
  // API.md's name for the sistema de lealtad list: the customer list with loyalty's page size
  serve(app, routes.system, 'loyalty_system.show', async (req, reply) => {
    guardCustomerExport(req);
    return answerList(reply, req.query, await customerListSpec(ctx.db, req.query), {
      name: 'sistema-de-lealtad',
      columns: [...identityCsv<CustomerDto>(), { header: 'Puntos', value: (c) => c.points }],
    });
  });

  serve(app, routes.customerLoyalty, ['clients.show', 'loyalty_system.show', 'members.show'], (req) =>
    service.customerLoyalty(ctx.db, req.params.id, req.query),
  );
  serve(app, routes.points, ['clients.show', 'loyalty_system.show'], (req) => points.pointHistory(ctx.db, req.params.id, req.query));
  serve(app, routes.adjustPoints, 'clients.edit', (req) => points.adjustPoints(ctx.db, req.actor, req.params.id, req.body));
  serve(app, routes.orders, ['clients.show', 'loyalty_system.show', 'members.show', 'miss_you.show'], (req) =>
    history.customerOrders(ctx.db, req.params.id, req.query.kind, req.query),
  );
  serve(app, routes.purchasedProducts, ['clients.show', 'dairy.show'], (req) => history.customerPurchasedProducts(ctx.db, req.params.id, req.query));
  serve(app, routes.appointments, ['clients.show', 'dairy.show', 'appointment.show'], (req) =>
    history.customerAppointments(ctx.db, req.query.customerId, req.query),
  );
}
