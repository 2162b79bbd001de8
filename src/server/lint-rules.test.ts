import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// eslint.config.js enforces the boundaries of docs/architecture.md: these probes break each rule once and
// show that `npm run lint` (part of `npm test`) fails on them. They are real files because the type-aware
// rules read them through the TypeScript project; they exist only while this suite runs.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tag = `lint-probe-${process.pid}`;
const probes = {
  deepImport: { file: `src/server/modules/loyalty/${tag}.ts`, text: "import { tutors } from '../customers/queries';\n\nexport const probe = tutors;\n" },
  floatingPromise: {
    file: `src/server/platform/${tag}.ts`,
    text: 'async function save(): Promise<void> {}\n\nexport function probe(): void {\n  save();\n}\n',
  },
  nodeInDomain: {
    file: `src/domain/${tag}.ts`,
    text: "import { readFileSync } from 'node:fs';\n\nexport const probe = readFileSync;\nexport const driver = () => import('pg');\n",
  },
};

let results: Map<string, ESLint.LintResult>;
const messagesOf = (probe: keyof typeof probes) => results.get(path.join(root, probes[probe].file))?.messages ?? [];

beforeAll(async () => {
  for (const { file, text } of Object.values(probes)) writeFileSync(path.join(root, file), text);
  const eslint = new ESLint({ cwd: root });
  const linted = await eslint.lintFiles(Object.values(probes).map(({ file }) => file));
  results = new Map(linted.map((r) => [r.filePath, r]));
}, 180_000);

afterAll(() => {
  for (const { file } of Object.values(probes)) rmSync(path.join(root, file), { force: true });
});

describe('lint rules', () => {
  it("fails on a deep import of another area's file, and says to use its index.ts", () => {
    expect(messagesOf('deepImport')).toContainEqual(
      expect.objectContaining({
        ruleId: 'boundaries/area-index',
        severity: 2,
        message: expect.stringContaining(
          "'../customers/queries' entra en un archivo interno del área src/server/modules/customers: importa desde su index.ts ('../customers')",
        ),
      }),
    );
  });

  it('fails on a promise nobody awaits', () => {
    expect(messagesOf('floatingPromise')).toContainEqual(expect.objectContaining({ ruleId: '@typescript-eslint/no-floating-promises', severity: 2, line: 4 }));
  });

  it('fails on node:fs in src/domain, and on a driver through import()', () => {
    const messages = messagesOf('nodeInDomain').filter((m) => m.ruleId === 'boundaries/forbidden-imports');
    expect(messages).toEqual([
      expect.objectContaining({ severity: 2, line: 1, message: "'node:fs': src/domain es TypeScript puro: no usa módulos de Node (archivos, red, procesos)" }),
      expect.objectContaining({ severity: 2, line: 4, message: "'pg': src/domain es TypeScript puro: no usa controladores, ORM ni paquetes del servidor" }),
    ]);
  });
});
