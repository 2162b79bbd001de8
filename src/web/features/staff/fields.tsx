import type { ReactNode } from 'react';
import { DatePicker, Input, type FormItemProps, type FormRule } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { z } from 'zod';
import { Field, SearchSelect } from '../../ui/FormFields';
import { optionsOf } from '../../ui/forms';
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

export { optionsOf };

/** The step's Form.Item in its grid cell: the schema's rule (plus any extra ones), the required mark, the dependencies. */
function StepItem({ p, children, ...item }: { p: FieldProps; children: ReactNode } & Omit<FormItemProps, 'children'>) {
  return (
    <Field
      md={p.md ?? 8}
      name={p.name}
      label={p.label}
      required={p.required ?? true}
      rules={[stepRule(p.schema, p.name), ...(p.extraRules ?? [])]}
      dependencies={othersOf(p)}
      {...item}
    >
      {children}
    </Field>
  );
}

export function TextField({ max, upper, ...p }: FieldProps & { max?: number; upper?: boolean }) {
  return (
    <StepItem p={p} normalize={upper ? (v?: string) => v?.toUpperCase() : undefined}>
      <Input maxLength={max} />
    </StepItem>
  );
}

export function PhoneField(p: FieldProps) {
  return (
    <StepItem p={{ ...p, extraRules: undefined }}>
      <PhoneInput />
    </StepItem>
  );
}

export function SelectField({
  options,
  disabled,
  onChange,
  ...p
}: FieldProps & { options: { value: string; label: string }[]; disabled?: boolean; onChange?: (v: string) => void }) {
  return (
    <StepItem p={p}>
      <SearchSelect options={options} disabled={disabled} onChange={onChange} placeholder="Seleccione" />
    </StepItem>
  );
}

/** A calendar date kept in the form as 'YYYY-MM-DD' (what the schema and the API take), shown DD/MM/YYYY. */
export function DateField({ disabledDate, ...p }: FieldProps & { disabledDate?: (d: Dayjs) => boolean }) {
  return (
    <StepItem
      p={p}
      getValueProps={(v?: string | null) => ({ value: v ? dayjs(v) : null })}
      normalize={(d?: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : undefined)}
    >
      <DatePicker format="DD/MM/YYYY" placeholder="DD/MM/AAAA" style={{ width: '100%' }} disabledDate={disabledDate} />
    </StepItem>
  );
}
