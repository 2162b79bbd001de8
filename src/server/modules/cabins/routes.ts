import type { FastifyInstance } from 'fastify';
import { cabinRoutes, cabinTypeRoutes } from '../../../domain/cabins.contract';
import { describeDay, dayLabels } from '../../../domain/schedules';
import { treatmentTypeLabel } from '../../../domain/treatments.schemas';
import type { AppContext } from '../../context';
import { answerList } from '../../platform/list';
import { serveRecord } from '../../platform/serve';
import * as cabinTypes from './cabin-types.service';
import * as cabins from './cabins.service';

function registerCabinTypeRoutes(app: FastifyInstance, ctx: AppContext) {
  serveRecord(
    app,
    cabinTypeRoutes,
    'cabain_types',
    {
      list: (req, reply) =>
        answerList(reply, req.query, cabinTypes.cabinTypeListSpec(ctx.db, req.query), {
          name: 'tipos-de-cabina',
          columns: [
            { header: 'Nombre', value: (t) => t.name },
            { header: 'Orden', value: (t) => t.order },
            { header: 'Color', value: (t) => `#${t.color}` },
            { header: 'Tipo de tratamiento', value: (t) => treatmentTypeLabel(t.treatmentType.name) },
          ],
        }),
      get: (req) => cabinTypes.getCabinType(ctx, req.params.id),
      create: (req) => cabinTypes.createCabinType(ctx, req.actor, req.body),
      update: (req) => cabinTypes.updateCabinType(ctx, req.actor, req.params.id, req.body),
      delete: (req) => cabinTypes.deleteCabinType(ctx, req.actor, req.params.id),
    },
    // the cabin list and form read the types as a lookup
    { list: ['cabain_types.show', 'cabains.show'] },
  );
}

export function registerCabinRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerCabinTypeRoutes(app, ctx);
  serveRecord(app, cabinRoutes, 'cabains', {
    list: (req, reply) =>
      answerList(reply, req.query, cabins.cabinListSpec(ctx.db, req.actor, req.query), {
        name: 'cabinas',
        columns: [
          { header: 'Nombre', value: (c) => c.name },
          { header: 'Tipo', value: (c) => c.type.name },
          { header: 'Sucursal', value: (c) => c.branch.name },
          { header: 'Estatus', value: (c) => (c.status ? 'Activo' : 'Inactivo') },
          { header: 'Descripción', value: (c) => c.description ?? '' },
          { header: 'Horario', value: (c) => c.schedules.map((s) => `${dayLabels[s.day]} ${describeDay(s)}`).join('; ') },
        ],
      }),
    get: (req) => cabins.getCabin(ctx, req.actor, req.params.id),
    create: (req) => cabins.createCabin(ctx, req.actor, req.body),
    update: (req) => cabins.updateCabin(ctx, req.actor, req.params.id, req.body),
    delete: (req) => cabins.deleteCabin(ctx, req.actor, req.params.id),
  });
}
