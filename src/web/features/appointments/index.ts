/** What other areas may use of appointments: its screens, the booking form the agenda draws ahead, and the pieces of a finish (professional, areas, supply lots). */
export { appointmentsRoutes, BookingForm, preloadAppointmentForm } from './routes';
export { isMedical, loadProfessionals, seedBookingForm } from './lookups';
export { ProfessionalField, SessionAreaFields, useSessionAreas } from './SessionFields';
export { SupplyLots, supplySlots, useSupplyStock } from './SupplyLots';
