/** What the app may use of this area: its screens. */
export { salesRoutes } from './routes';
/** The receipt's PDF and e-mail buttons (the point of sale offers them after a sale). */
export { ReceiptActions } from './ReceiptActions';
