/** What other areas may use of the goals: their routes. */
export { registerGoalRoutes } from './routes';
export { createGoal } from './service';
