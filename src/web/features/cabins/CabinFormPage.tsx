import { useEffect, useMemo } from 'react';
import { Alert, Col, Divider, Form, Input, Row, type FormInstance } from 'antd';
import { CABIN_DESCRIPTION_MAX, cabinSchema } from '../../../domain/cabins.schemas';
import { BRANCH_CLOSED_THAT_DAY, cabinWeekDayIssue, hasSchedules, isClosed, NO_BRANCH_SCHEDULE, type ScheduleEntry } from '../../../domain/schedules';
import { api, ApiError, call } from '../../app/api';
import { useSession } from '../../app/session';
import { FormPage } from '../../ui/FormPage';
import { Field, SearchSelect, SwitchField } from '../../ui/FormFields';
import { optionsWithOwn, zodRule } from '../../ui/forms';
import { useRecordForm } from '../../ui/form-record';
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
  const user = useSession((s) => s.user);
  const [form] = Form.useForm<Values>();
  const { id, record, page } = useRecordForm(form, {
    key: 'cabin',
    load: (id) => call(cabinRoutes.get, { params: { id } }),
    toValues: (c) => ({ name: c.name, typeId: c.type.id, branchId: c.branch.id, description: c.description, status: c.status, week: toWeek(c.schedules) }),
    module: 'cabains',
  });
  const branches = useBranches();
  const types = useCabinTypes();
  const branchId = Form.useWatch('branchId', form);
  const branch = branches.data?.find((b) => b.id === branchId);
  const fixedBranch = user?.branchBound ? (user.branch ?? undefined) : undefined;

  // a new cabin starts with its branch's week, once the branch is known
  useEffect(() => {
    if (id || !fixedBranch || !branches.data || form.isFieldTouched(['week', 1, 'enabled'])) return;
    const own = branches.data.find((b) => b.id === fixedBranch);
    if (own) form.setFieldsValue({ week: toWeek(own.schedules) });
  }, [id, fixedBranch, branches.data, form]);

  const branchOptions = useMemo(
    () => (branches.data ?? []).filter((b) => (!b.distributionCenter && b.active) || b.id === record?.branch.id).map((b) => ({ value: b.id, label: b.name })),
    [branches.data, record],
  );

  const check = (entry: ScheduleEntry) => (branch ? cabinWeekDayIssue(entry, branch.schedules) : null);
  const hint = (day: number) => (branch && hasSchedules(branch.schedules) ? branchDayHint(branch.schedules.find((s) => s.day === day)) : null);

  return (
    <FormPage<Values>
      {...page}
      title={id ? 'Editar cabina' : 'Nueva cabina'}
      backTo="/dashboard/cabinas"
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
        <Field md={12} name="name" label="Nombre" required rules={rule('name')}>
          <Input maxLength={60} />
        </Field>
        <Field md={12} name="typeId" label="Tipo de cabina" required rules={rule('typeId')}>
          <SearchSelect placeholder="Seleccione el tipo de cabina" loading={types.isLoading} options={optionsWithOwn(types.data)} />
        </Field>
        <Field md={12} name="branchId" label="Sucursal" required rules={rule('branchId')}>
          <SearchSelect
            placeholder="Seleccione la sucursal"
            loading={branches.isLoading}
            disabled={Boolean(fixedBranch)}
            options={branchOptions}
            onChange={(value: string) => {
              const chosen = branches.data?.find((b) => b.id === value);
              if (!id && chosen) form.setFieldsValue({ week: toWeek(chosen.schedules) });
            }}
          />
        </Field>
        {id && (
          <Col xs={24} md={12}>
            <SwitchField name="status" label="Activa" />
          </Col>
        )}
        <Field name="description" label="Descripción" rules={rule('description')}>
          <Input.TextArea rows={2} maxLength={CABIN_DESCRIPTION_MAX} showCount />
        </Field>
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
