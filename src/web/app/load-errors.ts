/**
 * What went wrong when a screen could not be shown, told apart so each gets its own Spanish page.
 * Pure functions (no imports): the error page must work even when nothing else can load.
 */

/** Messages browsers and bundlers give a lazy screen whose file could not be fetched or run. */
const CHUNK_MESSAGES = [
  /failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /importing a module script failed/i, // Safari
  /unable to preload css/i, // Vite's preload of a screen's stylesheet
  /loading (css )?chunk .+ failed/i, // webpack's ChunkLoadError
];

/** A lazy screen's file is missing (a deploy replaced it) or unreachable (no network). */
export function isChunkLoadError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  return err.name === 'ChunkLoadError' || CHUNK_MESSAGES.some((re) => re.test(err.message));
}

/**
 * The record a detail or edit screen loads by id does not exist (never did, or was deleted): the API answers
 * 404, or 400 on the id itself when the URL holds something that is not an id.
 */
export function isMissingRecord(err: unknown): boolean {
  if (!(err instanceof Error) || !('status' in err)) return false;
  const { status, errors } = err as Error & { status: unknown; errors?: { field: string }[] };
  return status === 404 || (status === 400 && Boolean(errors?.some((e) => e.field === 'id')));
}
