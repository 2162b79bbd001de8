import { Progress } from 'antd';
import { MONTH_NAMES, monthText, periodLabel } from '../../../domain/goals';
import type { GoalListItem } from '../../../domain/goals.contract';
import { branchFilter, filterCatalogue, selectFilter } from '../../ui/filters';
import { ListPage } from '../../ui/ListPage';
import { editDeleteActions } from '../../ui/list-actions';
import { moneyColumn, textColumn } from '../../ui/list-columns';

const period = (g: GoalListItem) => periodLabel(g.year, Number(g.month));
const percentText = (g: GoalListItem) => `${g.percent.toFixed(2)} %`;
const monthOptions = MONTH_NAMES.map((name, i) => ({ value: monthText(i + 1), label: name }));

/** The month's progress: a bar up to 100 % (green once reached), the exact figure beside it. */
function GoalProgress({ goal }: { goal: GoalListItem }) {
  return (
    <Progress
      aria-label={`Avance de la meta de ${period(goal)}`}
      percent={Math.min(goal.percent, 100)}
      status={goal.percent >= 100 ? 'success' : 'normal'}
      format={() => percentText(goal)}
      size="small"
      style={{ minWidth: 150, margin: 0 }}
    />
  );
}

export default function GoalsPage() {
  return (
    <ListPage<GoalListItem>
      title="Metas"
      resource="goal"
      module="goal"
      exportName="metas"
      createPath="crear"
      // only roles that see every branch choose one (section 9: a branch's own goals otherwise)
      filters={[
        { ...branchFilter('goal'), visibleWith: [['goal', 'show']], hiddenWhenBranchBound: true },
        filterCatalogue.year(),
        selectFilter('month', 'Mes', monthOptions, { width: 140 }),
      ]}
      columns={[
        textColumn('branch', 'Sucursal', (g) => g.branch.name, { sort: true }),
        textColumn('period', 'Mes', period, { sort: true }),
        moneyColumn('goal', 'Meta', (g) => g.goal, { sort: true }),
        moneyColumn('totalSale', 'Total vendido', (g) => g.totalSale, { sort: true }),
        moneyColumn('dailyGoal', 'Meta diaria', (g) => g.dailyGoal),
        { key: 'percent', title: 'Porcentaje', sortField: 'percent', width: 190, render: (g) => <GoalProgress goal={g} />, text: percentText },
        moneyColumn('remaining', 'Restante', (g) => g.remaining, { sort: true }),
      ]}
      rowActions={editDeleteActions<GoalListItem>('goal', (g) => `¿Eliminar la meta de ${g.branch.name} de ${period(g)}?`)}
    />
  );
}
