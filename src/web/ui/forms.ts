import type { FormInstance, FormRule } from 'antd';
import type { z } from 'zod';
import { ApiError } from '../app/api';

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
