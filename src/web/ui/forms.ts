import type { FormInstance, FormRule } from 'antd';
import type { z } from 'zod';
import { msg } from '../../domain/messages';
import { ApiError } from '../app/api';

// the date pickers' props in a module of their own, with dayjs: the sign-in page uses this one and shows no date
export { dateText, timeText } from './date-text';

type AnyObject = z.ZodObject<z.ZodRawShape>;

/** An antd rule that runs the field's own zod schema from src/domain (same rule and message as the server). */
export function zodRule(schema: AnyObject, field: string): FormRule {
  const fieldSchema = schema.shape[field] as z.ZodType | undefined;
  return {
    validator: async (_rule, value) => {
      if (!fieldSchema) return;
      const result = fieldSchema.safeParse(value === undefined ? undefined : value);
      if (!result.success) throw new Error(result.error.issues[0]?.message);
    },
  };
}

/** 'items.0.sessions' → ['items', 0, 'sessions'], the name path antd uses for list fields. */
export function fieldPath(name: string): (string | number)[] {
  return name.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** Whole-schema check on submit (cross-field rules such as matching passwords); marks the fields. */
export function parseForm<S extends z.ZodType>(schema: S, values: unknown, form: FormInstance): z.output<S> | null {
  const result = schema.safeParse(values);
  if (result.success) return result.data;
  const byField = new Map<string, string>();
  for (const issue of result.error.issues) {
    const name = issue.path.join('.');
    if (!byField.has(name)) byField.set(name, issue.message);
  }
  form.setFields([...byField].map(([name, message]) => ({ name: fieldPath(name), errors: [message] })));
  return null;
}

/** Puts the server's field errors (400 errors[]) back on the form. */
export function applyServerErrors(form: FormInstance, err: unknown): void {
  if (!(err instanceof ApiError) || !err.errors?.length) return;
  form.setFields(err.errors.filter((e) => e.field).map((e) => ({ name: fieldPath(e.field), errors: [e.message] })));
}

/** The rule of a field the schema leaves optional but the form asks for: 'El campo … es requerido'. */
export const requiredRule = (label: string) => ({ required: true, message: msg.required(label) });

/** Select options of plain values, labelled by `labels` where given (else the value itself). */
export const optionsOf = <T extends string>(values: readonly T[], labels?: Partial<Record<T, string>>) =>
  values.map((v) => ({ value: v, label: labels?.[v] ?? v }));

interface Named {
  id: string;
  name: string;
}

/** Options of a lookup plus the record's own choices, which may no longer be offered (deactivated since). */
export function optionsWithOwn(rows: Named[] | undefined, own: Named[] = []) {
  const all = [...(rows ?? [])];
  for (const o of own) if (!all.some((r) => r.id === o.id)) all.push(o);
  return all.map((r) => ({ value: r.id, label: r.name }));
}
