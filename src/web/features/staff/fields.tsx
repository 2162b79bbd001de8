import type { ReactNode } from 'react';
import { Col, DatePicker, Form, Input, Select, type FormRule } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { z } from 'zod';
import { PhoneInput } from '../../ui/PhoneInput';

type StepSchema = z.ZodObject<z.ZodRawShape>;

interface FieldProps {
  schema: StepSchema;
  name: string;
  label: string;
  /** Shows the required mark; the zod rule decides what is valid. */
  required?: boolean;
  md?: number;
  extraRules?: FormRule[];
  /** Fields whose change re-checks this one (a cross-field rule of the step). */
  dependencies?: string[];
}

/**
 * The step's domain schema decides: the field's own rule and the step's cross-field rules (a half-filled
 * secondary contact, departure before admission) report on this field with the same Spanish message.
 */
export function stepRule(schema: StepSchema, name: string): FormRule {
  return (form) => ({
    validator: async () => {
      const result = schema.safeParse(form.getFieldsValue(true));
      const issue = result.error?.issues.find((i) => i.path.join('.') === name);
      if (issue) throw new Error(issue.message);
    },
  });
}

const othersOf = (p: FieldProps) => p.dependencies?.filter((d) => d !== p.name);

export const optionsOf = (values: readonly string[], labels?: Record<string, string>) => values.map((v) => ({ value: v, label: labels?.[v] ?? v }));

function Cell({ md = 8, children }: { md?: number; children: ReactNode }) {
  return (
    <Col xs={24} md={md}>
      {children}
    </Col>
  );
}

export function TextField({ max, upper, ...p }: FieldProps & { max?: number; upper?: boolean }) {
  return (
    <Cell md={p.md}>
      <Form.Item
        name={p.name}
        label={p.label}
        required={p.required ?? true}
        rules={[stepRule(p.schema, p.name), ...(p.extraRules ?? [])]}
        dependencies={othersOf(p)}
        normalize={upper ? (v?: string) => v?.toUpperCase() : undefined}
      >
        <Input maxLength={max} />
      </Form.Item>
    </Cell>
  );
}

export function PhoneField(p: FieldProps) {
  return (
    <Cell md={p.md}>
      <Form.Item name={p.name} label={p.label} required={p.required ?? true} rules={[stepRule(p.schema, p.name)]} dependencies={othersOf(p)}>
        <PhoneInput />
      </Form.Item>
    </Cell>
  );
}

export function SelectField({
  options,
  disabled,
  onChange,
  ...p
}: FieldProps & { options: { value: string; label: string }[]; disabled?: boolean; onChange?: (v: string) => void }) {
  return (
    <Cell md={p.md}>
      <Form.Item
        name={p.name}
        label={p.label}
        required={p.required ?? true}
        rules={[stepRule(p.schema, p.name), ...(p.extraRules ?? [])]}
        dependencies={othersOf(p)}
      >
        <Select showSearch={{ optionFilterProp: 'label' }} options={options} disabled={disabled} onChange={onChange} placeholder="Seleccione" />
      </Form.Item>
    </Cell>
  );
}

/** A calendar date kept in the form as 'YYYY-MM-DD' (what the schema and the API take), shown DD/MM/YYYY. */
export function DateField({ disabledDate, ...p }: FieldProps & { disabledDate?: (d: Dayjs) => boolean }) {
  return (
    <Cell md={p.md}>
      <Form.Item
        name={p.name}
        label={p.label}
        required={p.required ?? true}
        rules={[stepRule(p.schema, p.name), ...(p.extraRules ?? [])]}
        dependencies={othersOf(p)}
        getValueProps={(v?: string | null) => ({ value: v ? dayjs(v) : null })}
        normalize={(d?: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : undefined)}
      >
        <DatePicker format="DD/MM/YYYY" placeholder="DD/MM/AAAA" style={{ width: '100%' }} disabledDate={disabledDate} />
      </Form.Item>
    </Cell>
  );
}
