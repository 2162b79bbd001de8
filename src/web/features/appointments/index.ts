/** What other areas may use of appointments: the pieces of a finish (professional, areas, supply lots). */
export { isMedical, loadProfessionals } from './lookups';
export { ProfessionalField, SessionAreaFields, useSessionAreas } from './SessionFields';
export { SupplyLots, supplySlots, useSupplyStock } from './SupplyLots';
