import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const readme = readFileSync('README.md', 'utf8');
const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;

describe('the README commands on a fresh clone', () => {
  const shown = [...new Set([...readme.matchAll(/npm run ([a-z:]+)/g)].map((m) => m[1]))];

  it('names scripts that exist', () => {
    expect(shown.length).toBeGreaterThan(5);
    for (const name of shown) expect(scripts[name], `npm run ${name}`).toBeDefined();
  });

  it('each installs the dependencies first (bootstrap.mjs), so none fails with «tsx: not found»', () => {
    for (const [name, command] of Object.entries(scripts)) expect(command, name).toMatch(/^node scripts\/bootstrap\.mjs /);
  });

  it('never tells to run the tests with DATABASE_URL', () => {
    expect(readme).not.toMatch(/DATABASE_URL=\S+ npm (test|run test)/);
    expect(readme).toContain('TEST_DATABASE_URL');
  });
});
