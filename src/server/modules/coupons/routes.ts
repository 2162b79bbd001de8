import type { FastifyInstance } from 'fastify';
import { formatPercent } from '../../../domain/coupons';
import { couponRoutes } from '../../../domain/coupons.contract';
import { couponTypeLabels } from '../../../domain/coupons.schemas';
import type { AppContext } from '../../context';
import { answerList } from '../../platform/list';
import { serve, serveRecord } from '../../platform/serve';
import { couponListSpec } from './coupon.queries';
import * as service from './coupon.service';
import { validateCoupon } from './coupon.validate';
import { dayMonthYear } from '../../../domain/dates';

export function registerCouponRoutes(app: FastifyInstance, ctx: AppContext): void {
  // the form's item choices and the quote: static paths, registered before /coupon/:id
  serve(app, couponRoutes.items, ['coupons.create', 'coupons.edit'], (req) => service.couponItems(ctx.db, req.query.type));
  serve(app, couponRoutes.validate, ['coupons.show', 'pos.show', 'sales.show'], (req) => validateCoupon(ctx.db, req.actor, req.body));
  serveRecord(app, couponRoutes, 'coupons', {
    list: (req, reply) =>
      answerList(reply, req.query, couponListSpec(ctx.db, req.actor, req.query), {
        name: 'cupones',
        columns: [
          { header: 'Código', value: (c) => c.code },
          { header: 'Nombre', value: (c) => c.name },
          { header: 'Límite', value: (c) => c.limit },
          { header: 'Usados', value: (c) => c.used },
          { header: 'Vigencia', value: (c) => dayMonthYear(c.expireDate) },
          { header: 'Tipo', value: (c) => couponTypeLabels[c.type] },
          { header: 'Producto o tratamiento', value: (c) => c.treatment?.name ?? c.product?.name ?? '' },
          { header: 'Precio', value: (c) => c.price.toFixed(2) },
          { header: 'Precio con descuento', value: (c) => c.discountedPrice.toFixed(2) },
          { header: 'Descuento', value: (c) => formatPercent(c.discount) },
          { header: 'Sucursales', value: (c) => c.branches.map((b) => b.name).join(', ') },
          { header: 'Estatus', value: (c) => (c.status ? 'Activo' : 'Inactivo') },
        ],
      }),
    get: (req) => service.getCoupon(ctx, req.actor, req.params.id),
    create: (req) => service.createCoupon(ctx, req.actor, req.body),
    update: (req) => service.updateCoupon(ctx, req.actor, req.params.id, req.body),
    delete: (req) => service.deleteCoupon(ctx, req.actor, req.params.id),
  });
}
