import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

export function registerProviderRoutes(_app: FastifyInstance, _ctx: AppContext): void {}
