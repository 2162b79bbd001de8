import { useState } from 'react';
import { Checkbox, Col, DatePicker, Form, Input, Row, Select, Space, type FormRule } from 'antd';
import dayjs from 'dayjs';
import { LOCK_IN_PAST, LOCK_REASONS, LOCK_TIMES, LOCK_TYPES, lockEnded, lockSchema, lockTypeLabels, type LockType } from '../../../domain/agenda';
import { nowIn } from '../../../domain/appointment-rules';
import { BUSINESS_TIME_ZONE, DATE_FORMAT } from '../../../domain/dates';
import { dayLabels } from '../../../domain/schedules';
import { Field, SearchSelect, SwitchField } from '../../ui/FormFields';
import { optionsOf, optionsWithOwn, zodRule } from '../../ui/forms';
import { useBranchCabins, useClinicBranches } from './lookups';
import type { AgendaLock } from '../../../domain/agenda.contract';

/** The form's values: the lockSchema payload itself (dates kept as 'YYYY-MM-DD' strings). */
export interface LockValues {
  branchId?: string;
  cabainId?: string | null;
  type?: LockType;
  reason?: string;
  reasonDescription?: string | null;
  time?: string[];
  date?: string;
  endDate?: string | null;
  days?: number[];
  recurrent?: boolean;
}

export const lockToValues = (l: AgendaLock): LockValues => ({
  branchId: l.branchId,
  cabainId: l.cabainId,
  type: l.type as LockType,
  reason: l.reason,
  reasonDescription: l.reasonDescription,
  time: l.time.map((t) => t.slice(0, 5)),
  date: l.date.slice(0, 10),
  endDate: l.endDate?.slice(0, 10) ?? null,
  days: l.days,
  recurrent: l.recurrent,
});

const rule = (field: keyof typeof lockSchema.shape) => [zodRule(lockSchema, field)];

/** LOCK_IN_PAST, as the server answers it: a lock whose dates and hours have all gone by (in the business zone). */
const notEnded: FormRule = ({ getFieldsValue }) => ({
  validator: async (_rule, date?: string | null) => {
    const v = getFieldsValue(['type', 'time', 'endDate', 'recurrent']) as LockValues;
    if (!date || !v.type) return;
    const lock = { type: v.type, time: v.time ?? [], date, endDate: v.endDate ?? null, recurrent: Boolean(v.recurrent) };
    if (lockEnded(lock, nowIn(BUSINESS_TIME_ZONE))) throw new Error(LOCK_IN_PAST);
  },
});
const today = () => nowIn(BUSINESS_TIME_ZONE).date;

const dateProps = {
  getValueProps: (v?: string | null) => ({ value: v ? dayjs(v) : null }),
  normalize: (d?: dayjs.Dayjs | null) => (d ? d.format('YYYY-MM-DD') : null),
};

const timeOptions = LOCK_TIMES.map((t) => ({ value: t, label: t }));
const reasonOptions = LOCK_REASONS.map((r) => ({ value: r, label: r.charAt(0).toUpperCase() + r.slice(1) }));
const dayOptions = [1, 2, 3, 4, 5, 6, 0].map((d) => ({ value: d, label: dayLabels[d] }));

/** Start and end marks of a range lock, held as time: [start, end] (partial choices stay local). */
function TimeRange({ value = [], onChange }: { value?: string[]; onChange?: (v: string[]) => void }) {
  const [draft, setDraft] = useState<(string | undefined)[]>([undefined, undefined]);
  // a complete pair lives in the form; a half-chosen one only here
  const shown = value.length === 2 ? value : draft[0] && draft[1] ? [undefined, undefined] : draft;
  const set = (i: 0 | 1, t?: string) => {
    const next = [...shown];
    next[i] = t;
    setDraft(next);
    onChange?.(next[0] && next[1] ? [next[0], next[1]] : []);
  };
  return (
    <Space.Compact style={{ width: '100%' }}>
      {(['Hora inicial', 'Hora final'] as const).map((label, i) => (
        <Select
          key={label}
          showSearch
          aria-label={label}
          placeholder={label}
          style={{ width: '50%' }}
          options={timeOptions}
          value={shown[i]}
          onChange={(t) => set(i as 0 | 1, t)}
        />
      ))}
    </Space.Compact>
  );
}

/** Fields of a lock (Bloqueo), shared by the agenda's dialog and /dashboard/bloqueos. */
export function LockFields({ branchSelectable, cabins }: { branchSelectable?: boolean; cabins?: { id: string; name: string }[] }) {
  const form = Form.useFormInstance<LockValues>();
  const type = Form.useWatch('type', form);
  const reason = Form.useWatch('reason', form);
  const branchId = Form.useWatch('branchId', form);
  const branches = useClinicBranches(Boolean(branchSelectable));
  const loaded = useBranchCabins(cabins ? undefined : branchId);
  const cabinList = cabins ?? loaded.data ?? [];
  const range = type === 'hours_range' || type === 'days_range';
  const recurrent = Form.useWatch('recurrent', form);
  const repeats = type === 'hours_range' || Boolean(recurrent);

  return (
    <Row gutter={16}>
      {!branchSelectable && (
        <Form.Item name="branchId" hidden>
          <Input />
        </Form.Item>
      )}
      {branchSelectable && (
        <Field md={12} name="branchId" label="Sucursal" required rules={rule('branchId')}>
          <SearchSelect
            placeholder="Seleccione la sucursal"
            loading={branches.isLoading}
            options={optionsWithOwn(branches.data)}
            onChange={() => form.setFieldsValue({ cabainId: null })}
          />
        </Field>
      )}
      <Field md={12} name="type" label="Tipo de bloqueo" required rules={rule('type')}>
        <Select
          placeholder="Seleccione el tipo"
          options={optionsOf(LOCK_TYPES, lockTypeLabels)}
          onChange={(t: LockType) =>
            form.setFieldsValue({
              time: [],
              recurrent: t === 'hour' || t === 'cabain' ? form.getFieldValue('recurrent') : false,
              ...(t === 'day' ? { cabainId: null } : {}),
            })
          }
        />
      </Field>
      <Field md={12} name="reason" label="Motivo" required rules={rule('reason')}>
        <Select placeholder="Seleccione el motivo" options={reasonOptions} />
      </Field>
      {reason === 'otro' && (
        <Field md={12} name="reasonDescription" label="Descripción" required rules={rule('reasonDescription')}>
          <Input maxLength={255} />
        </Field>
      )}
      {type && type !== 'day' && (
        <Field md={12} name="cabainId" label="Cabina" required>
          <SearchSelect placeholder="Seleccione la cabina" loading={loaded.isLoading} options={optionsWithOwn(cabinList)} />
        </Field>
      )}
      <Col xs={24} md={12}>
        <Form.Item
          name="date"
          label={type === 'days_range' ? 'Fecha inicial' : 'Fecha'}
          required
          rules={[...rule('date'), notEnded]}
          dependencies={['type', 'time', 'endDate', 'recurrent']}
          {...dateProps}
        >
          {/* a lock that repeats may have started before today; any other starts today or later */}
          <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} disabledDate={(d) => !repeats && d.format('YYYY-MM-DD') < today()} />
        </Form.Item>
      </Col>
      {type === 'days_range' && (
        <Col xs={24} md={12}>
          <Form.Item name="endDate" label="Fecha final" required {...dateProps}>
            <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} disabledDate={(d) => d.format('YYYY-MM-DD') < today()} />
          </Form.Item>
        </Col>
      )}
      {type === 'hour' && (
        <Col xs={24} md={12}>
          <Form.Item name="time" label="Horas" required>
            <Select mode="multiple" showSearch placeholder="Seleccione una o varias horas" options={timeOptions} />
          </Form.Item>
        </Col>
      )}
      {range && (
        <Col xs={24} md={12}>
          <Form.Item name="time" label="Horario" required>
            <TimeRange />
          </Form.Item>
        </Col>
      )}
      {(type === 'hours_range' || type === 'hour' || type === 'cabain') && (
        <Col xs={24}>
          <Form.Item name="days" label={type === 'hours_range' ? 'Días' : 'Días (recurrente)'} required={type === 'hours_range'}>
            <Checkbox.Group options={dayOptions} />
          </Form.Item>
        </Col>
      )}
      {(type === 'hour' || type === 'cabain') && (
        <Col xs={24} md={12}>
          <SwitchField name="recurrent" label="Recurrente" />
        </Col>
      )}
    </Row>
  );
}
