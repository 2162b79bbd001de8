import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

export function registerApplianceRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
