import type { FastifyInstance } from 'fastify';
import { providerRoutes } from '../../../domain/providers.contract';
import { payConditionLabel, regimeLabels } from '../../../domain/providers.schemas';
import { formatPhone } from '../../../domain/validation';
import type { AppContext } from '../../context';
import { answerList } from '../../platform/list';
import { serveRecord } from '../../platform/serve';
import * as service from './service';

export function registerProviderRoutes(app: FastifyInstance, ctx: AppContext): void {
  serveRecord(
    app,
    providerRoutes,
    'providers',
    {
      list: (req, reply) =>
        answerList(reply, req.query, service.providerListSpec(ctx.db, req.actor, req.query), {
          name: 'proveedores',
          columns: [
            { header: 'Nombre', value: (p) => p.name },
            { header: 'Razón social', value: (p) => p.tradename },
            { header: 'RFC', value: (p) => p.rfc },
            { header: 'Régimen', value: (p) => regimeLabels[p.regime] },
            { header: 'Contacto', value: (p) => p.contactName },
            { header: 'Teléfono', value: (p) => formatPhone(p.phone) },
            { header: 'Celular', value: (p) => formatPhone(p.mobilePhone) },
            { header: 'Correo electrónico', value: (p) => p.email },
            { header: 'Condiciones de pago', value: (p) => payConditionLabel(p.payConditions) },
            { header: 'Estatus', value: (p) => (p.active ? 'Activo' : 'Inactivo') },
          ],
        }),
      get: (req) => service.getProvider(ctx, req.actor, req.params.id),
      create: (req) => service.createProvider(ctx, req.actor, req.body),
      update: (req) => service.updateProvider(ctx, req.actor, req.params.id, req.body),
      delete: (req) => service.deleteProvider(ctx, req.actor, req.params.id),
    },
    // product and purchase forms pick providers by name; the tax and bank data stay with providers.show
    { list: ['providers.show', 'products.show', 'purchaseOrder.show'] },
  );
}
