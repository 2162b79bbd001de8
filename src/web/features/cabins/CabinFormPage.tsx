import { useEffect, useMemo } from 'react';
import { Alert, Col, Divider, Form, Input, Row, Select, Switch, type FormInstance } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { CABIN_DESCRIPTION_MAX, cabinSchema } from '../../../domain/cabins.schemas';
import { BRANCH_CLOSED_THAT_DAY, cabinWeekDayIssue, hasSchedules, isClosed, NO_BRANCH_SCHEDULE, type ScheduleEntry } from '../../../domain/schedules';
import { api, ApiError, call } from '../../app/api';
import { isMissingRecord } from '../../app/load-errors';
import { useCan } from '../../app/privileges';
import { useSession } from '../../app/session';
import { FormPage } from '../../ui/FormPage';
import { zodRule } from '../../ui/forms';
import { fromWeek, ScheduleEditor, toWeek, type WeekRow } from '../branches';
import { useBranches, useCabinTypes } from './lookups';
import { cabinRoutes } from '../../../domain/cabins.contract';

interface Values {
  name: string;
  typeId: string;
  branchId: string;
  description?: string | null;
  status?: boolean;
  week: WeekRow[];
}

const rule = (field: keyof typeof cabinSchema.shape) => [zodRule(cabinSchema, field)];

/** The server names a day by its index in `schedule`; the form sends all seven in day order. */
type FieldErrors = Parameters<FormInstance<Values>['setFields']>[0];

function scheduleErrorsToForm(err: unknown): FieldErrors {
  if (!(err instanceof ApiError) || !err.errors) return [];
  const fields: FieldErrors = [];
  for (const e of err.errors) {
    const m = /^schedule\.(\d)/.exec(e.field);
    if (m) fields.push({ name: ['week', Number(m[1]), 'range'] as FieldErrors[number]['name'], errors: [e.message] });
  }
  return fields;
}

/** The branch's hours beside a cabin day, or that the branch does not open that day. */
const branchDayHint = (day: ScheduleEntry | undefined) => (!day || isClosed(day) ? BRANCH_CLOSED_THAT_DAY : `Sucursal: ${day.opening} - ${day.closing}`);

export default function CabinFormPage() {
  const { id } = useParams();
  const can = useCan();
  const user = useSession((s) => s.user);
  const [form] = Form.useForm<Values>();
  const existing = useQuery({
    queryKey: ['cabin', id],
    queryFn: () => call(cabinRoutes.get, { params: { id: id! } }),
    enabled: Boolean(id),
    throwOnError: isMissingRecord,
  });
  const branches = useBranches();
  const types = useCabinTypes();
  const branchId = Form.useWatch('branchId', form);
  const branch = branches.data?.find((b) => b.id === branchId);
  const fixedBranch = user?.branchBound ? (user.branch ?? undefined) : undefined;

  useEffect(() => {
    const c = existing.data;
    if (c)
      form.setFieldsValue({ name: c.name, typeId: c.type.id, branchId: c.branch.id, description: c.description, status: c.status, week: toWeek(c.schedules) });
  }, [existing.data, form]);

  // a new cabin starts with its branch's week, once the branch is known
  useEffect(() => {
    if (id || !fixedBranch || !branches.data || form.isFieldTouched(['week', 1, 'enabled'])) return;
    const own = branches.data.find((b) => b.id === fixedBranch);
    if (own) form.setFieldsValue({ week: toWeek(own.schedules) });
  }, [id, fixedBranch, branches.data, form]);

  const branchOptions = useMemo(
    () =>
      (branches.data ?? [])
        .filter((b) => (!b.distributionCenter && b.active) || b.id === existing.data?.branch.id)
        .map((b) => ({ value: b.id, label: b.name })),
    [branches.data, existing.data],
  );

  const check = (entry: ScheduleEntry) => (branch ? cabinWeekDayIssue(entry, branch.schedules) : null);
  const hint = (day: number) => (branch && hasSchedules(branch.schedules) ? branchDayHint(branch.schedules.find((s) => s.day === day)) : null);

  return (
    <FormPage<Values>
      title={id ? 'Editar cabina' : 'Nueva cabina'}
      form={form}
      backTo="/dashboard/cabinas"
      invalidate={['list', 'cabin']}
      loading={existing.isLoading}
      readOnly={Boolean(id) && !can('cabains', 'edit')}
      initialValues={{ branchId: fixedBranch, week: toWeek([]) }}
      onSubmit={({ week, status, ...values }) => {
        const body = { ...values, ...(id ? { status } : {}), schedule: fromWeek(week) };
        const sent = id ? api(`/cabain/${id}/update`, { method: 'PUT', body }) : api('/cabain/create', { body });
        return sent.catch((err: unknown) => {
          form.setFields(scheduleErrorsToForm(err));
          throw err;
        });
      }}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="name" label="Nombre" required rules={rule('name')}>
            <Input maxLength={60} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="typeId" label="Tipo de cabina" required rules={rule('typeId')}>
            <Select
              placeholder="Seleccione el tipo de cabina"
              loading={types.isLoading}
              showSearch={{ optionFilterProp: 'label' }}
              options={(types.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="branchId" label="Sucursal" required rules={rule('branchId')}>
            <Select
              placeholder="Seleccione la sucursal"
              loading={branches.isLoading}
              disabled={Boolean(fixedBranch)}
              showSearch={{ optionFilterProp: 'label' }}
              options={branchOptions}
              onChange={(value: string) => {
                const chosen = branches.data?.find((b) => b.id === value);
                if (!id && chosen) form.setFieldsValue({ week: toWeek(chosen.schedules) });
              }}
            />
          </Form.Item>
        </Col>
        {id && (
          <Col xs={24} md={12}>
            <Form.Item name="status" label="Activa" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        )}
        <Col xs={24}>
          <Form.Item name="description" label="Descripción" rules={rule('description')}>
            <Input.TextArea rows={2} maxLength={CABIN_DESCRIPTION_MAX} showCount />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start" plain>
        Horario
      </Divider>
      {branch && !hasSchedules(branch.schedules) && <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={NO_BRANCH_SCHEDULE} />}
      {!branch && <Alert type="info" showIcon style={{ marginBottom: 12 }} title="Seleccione una sucursal para ver su horario" />}
      <ScheduleEditor check={check} hint={hint} dependencies={['branchId']} />
    </FormPage>
  );
}
