/**
 * An error and its causes, outermost first, at most `depth` of them: Drizzle wraps the driver's error (whose
 * message repeats the whole query), and the PostgreSQL or socket code sits on a cause.
 */
export function* errorChain(err: unknown, depth = 5): Generator<{ code?: unknown; message?: unknown; [key: string]: unknown }> {
  let e: unknown = err;
  for (let i = 0; i < depth && e && typeof e === 'object'; i++) {
    yield e as { code?: unknown; message?: unknown };
    e = (e as { cause?: unknown }).cause;
  }
}
