import type { FastifyInstance } from 'fastify';
import { periodLabel } from '../../../domain/goals';
import { goalRoutes } from '../../../domain/goals.contract';
import { formatMoney } from '../../../domain/money';
import type { AppContext } from '../../context';
import { answerList, type CsvColumn } from '../../platform/list';
import { serveRecord } from '../../platform/serve';
import * as service from './service';

/** The list's CSV columns: the screen's, with the percent as the figure it shows. */
const CSV_COLUMNS: CsvColumn<service.GoalDto>[] = [
  { header: 'Sucursal', value: (g) => g.branch.name },
  { header: 'Mes', value: (g) => periodLabel(g.year, Number(g.month)) },
  { header: 'Meta', value: (g) => formatMoney(g.goal) },
  { header: 'Total vendido', value: (g) => formatMoney(g.totalSale) },
  { header: 'Meta diaria', value: (g) => formatMoney(g.dailyGoal) },
  { header: 'Porcentaje', value: (g) => `${g.percent.toFixed(2)} %` },
  { header: 'Restante', value: (g) => formatMoney(g.remaining) },
];

/** Section 6: module `goal` (show reads, create, edit and delete write); the branch rule is the service's. */
export function registerGoalRoutes(app: FastifyInstance, ctx: AppContext): void {
  serveRecord(app, goalRoutes, 'goal', {
    list: (req, reply) => answerList(reply, req.query, service.goalListSpec(ctx.db, req.actor, req.query), { name: 'metas', columns: CSV_COLUMNS }),
    get: (req) => service.getGoal(ctx, req.actor, req.params.id),
    create: (req) => service.createGoal(ctx, req.actor, req.body),
    update: (req) => service.updateGoal(ctx, req.actor, req.params.id, req.body),
    delete: (req) => service.deleteGoal(ctx, req.actor, req.params.id),
  });
}
