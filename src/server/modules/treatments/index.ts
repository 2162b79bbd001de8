/** What other areas may use of treatments: a treatment's areas and products. */
export { registerTreatmentRoutes } from './routes';
export { areasAndProducts, treatmentPartsOf } from './queries';
