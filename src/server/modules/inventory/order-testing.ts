import { demoId } from '../../db/demo/random';

/** The demo users the order tests sign in as (each test file asks useTestApp for these). */
export const ORDER_TEST_USERS = {
  admin: 'admin@demo.mx',
  logistica: 'logistica@demo.mx',
  gerente: 'gerente@demo.mx',
  operativo: 'operativo@demo.mx',
  franquicia: 'franquicia@demo.mx',
};

/** The demo branches the order tests move stock between. */
export const BRANCH = {
  tijuana: demoId('branch:tijuana'),
  mexicali: demoId('branch:mexicali'),
  ensenada: demoId('branch:ensenada'),
  cedis: demoId('branch:cedis'),
};
