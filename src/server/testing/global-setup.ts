import type { TestProject } from 'vitest/node';
import { prepareSeededDatabases, sourcesKey } from './harness';

/**
 * vitest globalSetup of the API and browser suites: the seeded demo database (a PGlite image, and the PostgreSQL
 * template with TEST_DATABASE_URL) is built once, before any suite starts, so suites only load it — the demo's
 * sales history takes minutes, and suites seeding it in parallel would each wait on the others.
 */
export default async function setup(project: TestProject): Promise<void> {
  const key = sourcesKey();
  project.provide('templateKey', key);
  await prepareSeededDatabases(key);
}
