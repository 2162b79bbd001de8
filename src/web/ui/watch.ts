import { useMemo } from 'react';
import { Form, type FormInstance } from 'antd';

/**
 * Form.useWatch of one field that starts from the value the form holds as it mounts (its initialValues; for a field
 * drawn inside the form, what the store already has). antd's own starts from undefined and learns the value in an
 * effect after mounting, which draws the whole screen a second time (and lays the page out in the middle of it).
 * Until the form's fields are registered the selector is asked with no values at all: that answer is `initial`.
 */
export function useFieldWatch<T>(form: FormInstance, name: string, initial: T | undefined = form.getFieldValue(name) as T | undefined): T | undefined {
  // the first value is all the selector keeps: later ones come from the form
  const select = useMemo(() => (values: Record<string, unknown>) => (Object.keys(values).length ? values[name] : initial) as T | undefined, [name]); // eslint-disable-line react-hooks/exhaustive-deps
  return Form.useWatch(select, form);
}
