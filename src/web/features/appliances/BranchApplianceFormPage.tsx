import { DatePicker, Form, Input, Row, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { BRANCH_APPLIANCE_STATUSES, branchApplianceSchema, type BranchApplianceStatus } from '../../../domain/appliances.schemas';
import { applianceRoutes, branchApplianceRoutes } from '../../../domain/appliances.contract';
import { branchRoutes } from '../../../domain/branches.contract';
import { call } from '../../app/api';
import { useCan } from '../../app/privileges';
import { useSession } from '../../app/session';
import { FormPage } from '../../ui/FormPage';
import { Field, SearchSelect } from '../../ui/FormFields';
import { optionsOf, requiredRule, zodRule } from '../../ui/forms';
import { useRecordForm } from '../../ui/form-record';

interface Values {
  applianceId: string;
  branchId?: string;
  sku: string;
  number?: string | null;
  status: BranchApplianceStatus;
  statusDescription?: string | null;
  lastMaintenance?: Dayjs | null;
  comments?: string | null;
}

const rule = (field: keyof typeof branchApplianceSchema.shape) => [zodRule(branchApplianceSchema, field)];

export default function BranchApplianceFormPage() {
  const can = useCan();
  const user = useSession((s) => s.user);
  const [form] = Form.useForm<Values>();
  const { id, editing, record, page } = useRecordForm(form, {
    key: 'branch-appliance',
    load: (id) => call(branchApplianceRoutes.get, { params: { id } }),
    toValues: (b) => ({ ...b, lastMaintenance: b.lastMaintenance ? dayjs(b.lastMaintenance) : null }),
    module: 'branch_appliances',
  });
  // section 6: approve controls the appliance and the status; create controls choosing a branch
  const canApprove = can('branch_appliances', 'approve');
  const canChooseBranch = can('branch_appliances', 'create');
  const bound = Boolean(user?.branchBound);
  const appliances = useQuery({
    queryKey: ['appliance-options'],
    queryFn: async () => (await call(applianceRoutes.list, { query: { take: 0, active: '1' } })).items,
    staleTime: 60_000,
  });
  const branches = useQuery({
    queryKey: ['branch-options'],
    queryFn: async () => (await call(branchRoutes.lookup, { query: { take: 0 } })).items,
    enabled: canChooseBranch,
    staleTime: 60_000,
  });

  const applianceOptions = (appliances.data ?? []).map((a) => ({ value: a.id, label: `${a.name} · ${a.brand} ${a.model} (${a.type})` }));
  const current = record?.appliance;
  if (current && !applianceOptions.some((o) => o.value === current.id)) {
    applianceOptions.push({ value: current.id, label: `${current.name} · ${current.brand} ${current.model} (${current.type})` });
  }

  const branchOptions = (branches.data ?? []).map((b) => ({ value: b.id, label: b.name }));
  // a branch-bound user's own branch is known from the session before the list arrives
  if (bound && user?.branch && !branchOptions.some((o) => o.value === user.branch)) branchOptions.push({ value: user.branch, label: user.branchName ?? '' });

  return (
    <FormPage<Values>
      {...page}
      title={editing ? 'Editar aparato de sucursal' : 'Vincular aparato a sucursal'}
      backTo="/dashboard/aparatos-sucursal"
      initialValues={{ status: 'Funcionando', branchId: bound ? (user?.branch ?? undefined) : undefined }}
      onSubmit={(v) => {
        // the optional texts named one by one: the schema's input lists them (JSON drops the undefined ones)
        const body = {
          ...v,
          number: v.number,
          statusDescription: v.statusDescription,
          comments: v.comments,
          lastMaintenance: v.lastMaintenance ? v.lastMaintenance.format('YYYY-MM-DD') : null,
        };
        return editing ? call(branchApplianceRoutes.update, { params: { id: id! }, body }) : call(branchApplianceRoutes.create, { body });
      }}
    >
      <Row gutter={16}>
        <Field md={canChooseBranch ? 14 : 24} name="applianceId" label="Aparato" required rules={rule('applianceId')}>
          <SearchSelect disabled={editing && !canApprove} placeholder="Seleccione el aparato" loading={appliances.isLoading} options={applianceOptions} />
        </Field>
        {canChooseBranch && (
          <Field md={10} name="branchId" label="Sucursal" rules={[requiredRule('sucursal')]}>
            <SearchSelect disabled={bound} placeholder="Seleccione la sucursal" loading={branches.isLoading} options={branchOptions} />
          </Field>
        )}
      </Row>
      <Row gutter={16}>
        <Field md={8} name="sku" label="SKU" required rules={rule('sku')}>
          <Input maxLength={12} />
        </Field>
        <Field md={8} name="number" label="Número de equipo" rules={rule('number')}>
          <Input maxLength={20} />
        </Field>
        <Field md={8} name="lastMaintenance" label="Último mantenimiento">
          <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} placeholder="Seleccione la fecha" />
        </Field>
      </Row>
      <Row gutter={16}>
        <Field md={8} name="status" label="Estatus" required>
          <Select disabled={!canApprove} options={optionsOf(BRANCH_APPLIANCE_STATUSES)} />
        </Field>
        <Field md={16} name="statusDescription" label="Descripción del estatus" rules={rule('statusDescription')}>
          <Input.TextArea rows={2} maxLength={1000} />
        </Field>
      </Row>
      <Form.Item name="comments" label="Comentarios" rules={rule('comments')}>
        <Input.TextArea rows={3} maxLength={1000} />
      </Form.Item>
    </FormPage>
  );
}
