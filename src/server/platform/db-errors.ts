import type { ErrorCode } from '../../domain/errors';
import { errorChain } from './error-chain';
import { AppError } from './app-error';

/** The PostgreSQL refusals a service answers in the catalogue's words. */
export type DbViolation = 'unique' | 'exclusion' | 'foreign-key' | 'check' | 'not-null' | 'deadlock' | 'serialization';

const VIOLATIONS: Record<string, DbViolation> = {
  '23505': 'unique',
  '23P01': 'exclusion',
  '23503': 'foreign-key',
  '23514': 'check',
  '23502': 'not-null',
  '40P01': 'deadlock',
  '40001': 'serialization',
};

/** A database error's PostgreSQL code and constraint: Drizzle wraps the driver's error, whose code sits on a cause. */
export interface DbError {
  code: string;
  constraint?: string;
  violation?: DbViolation;
}

export function dbErrorOf(err: unknown): DbError | undefined {
  for (const e of errorChain(err, 4)) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      const constraint = typeof e.constraint === 'string' ? e.constraint : undefined;
      return { code: e.code, constraint, violation: VIOLATIONS[e.code] };
    }
  }
  return undefined;
}

/** The error is a `violation`, of the named constraint when one is given (a driver that names none matches any). */
export function isViolation(err: unknown, violation: DbViolation, constraint?: string): boolean {
  const db = dbErrorOf(err);
  if (db?.violation !== violation) return false;
  return !constraint || !db.constraint || db.constraint === constraint;
}

/** A catalogue code, or the error itself when it carries its own message or field errors. */
type Answer = ErrorCode | (() => AppError);
/** What a violation means to this write: one answer for any constraint of the kind, or one per constraint name. */
export type ViolationAnswers = Partial<Record<DbViolation, Answer | Record<string, Answer>>>;

/**
 * Runs a write and answers the violations it names with the catalogue's error: two requests racing past
 * a service's check (one SKU, one mobile number) meet the unique index, and the loser hears what the
 * check would have said. Any other error passes through unchanged.
 */
export async function answerViolations<T>(write: Promise<T> | (() => Promise<T>), answers: ViolationAnswers): Promise<T> {
  try {
    return await (typeof write === 'function' ? write() : write);
  } catch (err) {
    const answer = violationAnswer(err, answers);
    if (answer) throw typeof answer === 'function' ? answer() : new AppError(answer);
    throw err;
  }
}

function violationAnswer(err: unknown, answers: ViolationAnswers): Answer | undefined {
  const db = dbErrorOf(err);
  const answer = db?.violation && answers[db.violation];
  if (!answer) return undefined;
  if (typeof answer === 'string' || typeof answer === 'function') return answer;
  return db.constraint && Object.hasOwn(answer, db.constraint) ? answer[db.constraint] : undefined;
}
