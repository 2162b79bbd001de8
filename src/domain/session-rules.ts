/**
 * Sessions of a purchased treatment: how many are still free to book, when it counts as expired, and the supplies a
 * finish needs at a branch. Used by the booking and finish services and by the finish forms.
 */

/** Appointment statuses that hold a session of a purchased treatment until they are finished, cancelled or missed. */
export const BOOKED_STATUSES = ['scheduled', 'inProcess'] as const;

/** A purchased treatment is expired when marked so, or still in process past its limit date (expiredAt). */
export function isPurchasedExpired(status: string, expiredAt: string | null, today: string): boolean {
  return status === 'expired' || (status === 'onProcess' && expiredAt !== null && expiredAt < today);
}

/**
 * The remaining sessions (sessions − currentSession) must cover the booked ones plus those now booked, or finished
 * outside an appointment (`finishing`: a booked appointment finishes its own session).
 */
export function bookedSessionsProblem(remaining: number, booked: number, wanted: number, finishing = false): string | null {
  if (booked + wanted <= remaining) return null;
  const left = Math.max(remaining - booked, 0);
  const already = `${booked} ${booked === 1 ? 'ya está agendada' : 'ya están agendadas'}`;
  const verb = finishing ? 'terminar' : 'agendar';
  const what = left === 0 ? (finishing ? 'termínelas desde sus citas' : 'no hay sesiones por agendar') : `solo puede ${verb} ${left}`;
  return `${remaining === 1 ? 'Queda 1 sesión' : `Quedan ${remaining} sesiones`} del tratamiento adquirido y ${already}: ${what}`;
}

/** Supplies the treatment consumes with no lot in stock at the branch: the finish cannot take them, say what to do. */
export function noLotMessage(productNames: readonly string[], branchName: string): string {
  const names = productNames.map((n) => `«${n}»`);
  const listed = names.length > 1 ? `${names.slice(0, -1).join(', ')} y ${names[names.length - 1]}` : names[0];
  return `No hay lotes con existencia de ${listed} en la sucursal ${branchName}: registre una entrada de inventario o pida un traspaso`;
}

/** The products a treatment consumes that have no lot with stock among `lots` (the branch's lots with quantity > 0). */
export function productsWithoutLots<P extends { productId: string }>(needs: readonly P[], lots: readonly { productId: string }[]): P[] {
  const stocked = new Set(lots.map((l) => l.productId));
  return needs.filter((p) => !stocked.has(p.productId));
}
