import type { FastifyInstance } from 'fastify';
import { settingRoutes } from '../../../domain/settings.contract';
import type { AppContext } from '../../context';
import { serve } from '../../platform/serve';
import * as service from './service';

export function registerSettingRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, settingRoutes.get, ['setting.show', 'sales.show', 'pos.show'], () => service.getSetting(ctx));
  serve(app, settingRoutes.update, 'setting.edit', (req) => service.updateSetting(ctx, req.actor, req.params.id, req.body));
}
