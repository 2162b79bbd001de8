import { Form, InputNumber, Row, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { branchRoutes } from '../../../domain/branches.contract';
import { MONTH_NAMES, monthText } from '../../../domain/goals';
import { GOAL_YEARS, goalRoutes, goalSchema, type Goal } from '../../../domain/goals.contract';
import { call } from '../../app/api';
import { useSession } from '../../app/session';
import { Field } from '../../ui/FormFields';
import { FormPage } from '../../ui/FormPage';
import { parseForm, zodRule } from '../../ui/forms';
import { useRecordForm } from '../../ui/form-record';
import { MoneyInput } from '../../ui/MoneyInput';

interface Values {
  branchId?: string;
  month?: string;
  year?: number;
  goal?: number;
}

const rule = (field: keyof typeof goalSchema.shape) => [zodRule(goalSchema, field)];
const monthOptions = MONTH_NAMES.map((name, i) => ({ value: monthText(i + 1), label: name }));
const toValues = (g: Goal): Values => ({ branchId: g.branchId, month: g.month, year: g.year, goal: g.goal });

export default function GoalFormPage() {
  const [form] = Form.useForm<Values>();
  const user = useSession((s) => s.user);
  const branchBound = Boolean(user?.branchBound);
  const { id, editing, page } = useRecordForm<Values, Goal>(form, {
    key: 'goal',
    load: (id) => call(goalRoutes.get, { params: { id } }),
    toValues,
    module: 'goal',
  });
  // the lookup answers only their own branch to a branch-bound user
  const branches = useQuery({
    queryKey: ['branches-lookup'],
    queryFn: async () => (await call(branchRoutes.lookup, { query: { take: 0, status: '1' } })).items,
  });
  const branchOptions = (branches.data ?? []).filter((b) => !b.distributionCenter).map((b) => ({ value: b.id, label: b.name }));
  const now = dayjs();

  return (
    <FormPage<Values>
      {...page}
      title={editing ? 'Editar meta' : 'Nueva meta'}
      backTo="/dashboard/metas"
      initialValues={{ branchId: branchBound ? (user?.branch ?? undefined) : undefined, month: monthText(now.month() + 1), year: now.year() }}
      onSubmit={(values) => {
        const body = parseForm(goalSchema, values, form);
        if (!body) return false;
        return id ? call(goalRoutes.update, { params: { id }, body }) : call(goalRoutes.create, { body });
      }}
    >
      <Row gutter={16}>
        <Field md={12} name="branchId" label="Sucursal" required rules={rule('branchId')}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Seleccione la sucursal"
            loading={branches.isLoading}
            disabled={branchBound}
            options={branchOptions}
          />
        </Field>
        <Field md={12} name="goal" label="Meta" required rules={rule('goal')}>
          <MoneyInput min={0} placeholder="0.00" />
        </Field>
        <Field md={12} name="month" label="Mes" required rules={rule('month')}>
          <Select placeholder="Seleccione el mes" options={monthOptions} />
        </Field>
        <Field md={12} name="year" label="Año" required rules={rule('year')}>
          <InputNumber min={GOAL_YEARS.min} max={GOAL_YEARS.max} precision={0} style={{ width: '100%' }} placeholder="AAAA" />
        </Field>
      </Row>
    </FormPage>
  );
}
