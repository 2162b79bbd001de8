import { useEffect } from 'react';
import { Col, DatePicker, Form, Input, Row, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useParams } from 'react-router';
import { BRANCH_APPLIANCE_STATUSES, branchApplianceSchema, type BranchApplianceStatus } from '../../../domain/appliances.schemas';
import { applianceRoutes, branchApplianceRoutes } from '../../../domain/appliances.contract';
import { branchRoutes } from '../../../domain/branches.contract';
import { call } from '../../app/api';
import { isMissingRecord } from '../../app/load-errors';
import { useCan } from '../../app/privileges';
import { useSession } from '../../app/session';
import { FormPage } from '../../ui/FormPage';
import { zodRule } from '../../ui/forms';

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

export default function BranchApplianceFormPage() {
  const { id } = useParams();
  const can = useCan();
  const user = useSession((s) => s.user);
  const [form] = Form.useForm<Values>();
  const editing = Boolean(id);
  // section 6: approve controls the appliance and the status; create controls choosing a branch
  const canApprove = can('branch_appliances', 'approve');
  const canChooseBranch = can('branch_appliances', 'create');
  const bound = Boolean(user?.branchBound);
  const existing = useQuery({
    queryKey: ['branch-appliance', id],
    queryFn: () => call(branchApplianceRoutes.get, { params: { id: id! } }),
    enabled: editing,
    throwOnError: isMissingRecord,
  });
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

  useEffect(() => {
    const b = existing.data;
    if (b) form.setFieldsValue({ ...b, lastMaintenance: b.lastMaintenance ? dayjs(b.lastMaintenance) : null });
  }, [existing.data, form]);

  const applianceOptions = (appliances.data ?? []).map((a) => ({ value: a.id, label: `${a.name} · ${a.brand} ${a.model} (${a.type})` }));
  const current = existing.data?.appliance;
  if (current && !applianceOptions.some((o) => o.value === current.id)) {
    applianceOptions.push({ value: current.id, label: `${current.name} · ${current.brand} ${current.model} (${current.type})` });
  }

  const branchOptions = (branches.data ?? []).map((b) => ({ value: b.id, label: b.name }));
  // a branch-bound user's own branch is known from the session before the list arrives
  if (bound && user?.branch && !branchOptions.some((o) => o.value === user.branch)) branchOptions.push({ value: user.branch, label: user.branchName ?? '' });

  return (
    <FormPage<Values>
      title={editing ? 'Editar aparato de sucursal' : 'Vincular aparato a sucursal'}
      form={form}
      backTo="/dashboard/aparatos-sucursal"
      invalidate={['list', 'branch-appliance']}
      loading={existing.isLoading}
      readOnly={editing && !can('branch_appliances', 'edit')}
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
        <Col xs={24} md={canChooseBranch ? 14 : 24}>
          <Form.Item name="applianceId" label="Aparato" required rules={[zodRule(branchApplianceSchema, 'applianceId')]}>
            <Select
              disabled={editing && !canApprove}
              placeholder="Seleccione el aparato"
              loading={appliances.isLoading}
              showSearch={{ optionFilterProp: 'label' }}
              options={applianceOptions}
            />
          </Form.Item>
        </Col>
        {canChooseBranch && (
          <Col xs={24} md={10}>
            <Form.Item name="branchId" label="Sucursal" rules={[{ required: true, message: 'El campo sucursal es requerido' }]}>
              <Select
                disabled={bound}
                placeholder="Seleccione la sucursal"
                loading={branches.isLoading}
                showSearch={{ optionFilterProp: 'label' }}
                options={branchOptions}
              />
            </Form.Item>
          </Col>
        )}
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="sku" label="SKU" required rules={[zodRule(branchApplianceSchema, 'sku')]}>
            <Input maxLength={12} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="number" label="Número de equipo" rules={[zodRule(branchApplianceSchema, 'number')]}>
            <Input maxLength={20} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="lastMaintenance" label="Último mantenimiento">
            <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} placeholder="Seleccione la fecha" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="status" label="Estatus" required>
            <Select disabled={!canApprove} options={BRANCH_APPLIANCE_STATUSES.map((s) => ({ value: s, label: s }))} />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item name="statusDescription" label="Descripción del estatus" rules={[zodRule(branchApplianceSchema, 'statusDescription')]}>
            <Input.TextArea rows={2} maxLength={1000} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="comments" label="Comentarios" rules={[zodRule(branchApplianceSchema, 'comments')]}>
        <Input.TextArea rows={3} maxLength={1000} />
      </Form.Item>
    </FormPage>
  );
}
