import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { FormInstance } from 'antd';

type Values = Record<string, unknown>;
type Changed = (drawn: Values, held: Values) => void;
/** The form's own watch registry, the one antd's Form.useWatch registers with (@rc-component/form's internal hooks). */
interface Watchable {
  getInternalHooks(mark: string): { registerWatch(changed: Changed): () => void } | null;
}
/** @rc-component/form's HOOK_MARK: the key its internal hooks answer to. */
const HOOK_MARK = 'RC_FORM_INTERNAL_HOOKS';

/**
 * The values of a form's drawn fields, worked out once per state of its store (the form hands them to its watchers
 * after every change; the store is a new object after every change): a dozen watchers do not each copy them again.
 */
const drawnOf = new WeakMap<FormInstance, { held: Values; drawn: Values }>();
function drawnValues(form: FormInstance): { held: Values; drawn: Values } {
  const held = form.getFieldsValue(true) as Values;
  let seen = drawnOf.get(form);
  if (seen?.held !== held) drawnOf.set(form, (seen = { held, drawn: form.getFieldsValue() as Values }));
  return seen;
}

/** Equal as antd's useWatch compares (a Dayjs, an array): the same JSON. */
function same(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    return false;
  }
}

/**
 * One field's value for a screen's logic, read from the form as the screen draws: the values of its drawn fields, or
 * while none is drawn (the form mounting, or drawn ahead hidden and now shown) the values it holds, or `initial` while
 * it holds none yet (the Form takes its initialValues as it mounts, after the screen that reads them).
 * antd's Form.useWatch keeps a state of its own that an effect fills after mounting (and again when a form drawn hidden
 * is shown): the whole screen drew a second time, laying the page out in the middle of it. This one registers with the
 * same registry as useWatch, and draws again only when the value read changes.
 */
export function useFieldWatch<T>(form: FormInstance, name: string, initial?: T): T | undefined {
  const subscribe = useCallback(
    (changed: () => void) =>
      (form as unknown as Watchable).getInternalHooks(HOOK_MARK)!.registerWatch((drawn, held) => {
        drawnOf.set(form, { held, drawn });
        changed();
      }),
    [form],
  );
  // the answer given last, kept while an equal one comes (a store's copy of the same array, the same day)
  const last = useRef<{ value: T | undefined } | null>(null);
  const read = useCallback((): T | undefined => {
    const { held, drawn } = drawnValues(form);
    const from = Object.keys(drawn).length ? drawn : held;
    const value = (Object.keys(from).length ? from[name] : initial) as T | undefined;
    if (last.current && same(last.current.value, value)) return last.current.value;
    last.current = { value };
    return value;
    // the first value is all `initial` is for: later ones come from the form
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form, name]);
  return useSyncExternalStore(subscribe, read);
}
