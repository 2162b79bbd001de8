/**
 * Writes docs/roles.md from the default roles in src/domain/roles.ts:
 *   npm run roles:doc          (rewrites the file)
 *   npm run roles:doc -- --check  (exit 1 when the file is out of date)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ACTIONS, MODULE_KEYS, MODULES, actionLabels, type Action } from '../src/domain/privileges';
import { DEFAULT_ROLES } from '../src/domain/roles';

const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'roles.md');

const ABBREVIATIONS: Record<Action, string> = {
  show: 'Ver',
  create: 'Cre',
  edit: 'Edi',
  approve: 'Apr',
  delete: 'Eli',
  view: 'Con',
  reports: 'Rep',
  refund: 'Dev',
};

const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
const yesNo = (b: boolean) => (b ? 'Sí' : 'No');

function cell(actions: readonly Action[] | undefined): string {
  if (!actions?.length) return '—';
  if (ACTIONS.every((a) => actions.includes(a))) return 'todas';
  return ACTIONS.filter((a) => actions.includes(a))
    .map((a) => ABBREVIATIONS[a])
    .join(' ');
}

export function rolesDoc(): string {
  const names = DEFAULT_ROLES.map((r) => r.name);
  const matrix = [
    row(['Módulo', 'Clave', ...names]),
    row(['---', '---', ...names.map(() => ':-:')]),
    ...MODULE_KEYS.map((m) => row([MODULES[m], `\`${m}\``, ...DEFAULT_ROLES.map((r) => cell(r.privileges[m]))])),
  ];
  const legend = ACTIONS.map((a) => `\`${ABBREVIATIONS[a]}\` ${actionLabels[a]} (\`${a}\`)`).join(' · ');
  const roles = [
    row(['Rol', 'Ligado a su sucursal', 'Límite de cancelaciones']),
    row(['---', ':-:', ':-:']),
    ...DEFAULT_ROLES.map((r) => row([r.name, yesNo(r.branchBound), r.extendedCancellationLimit ? '4' : '3'])),
  ];
  return `<!-- Generado por \`npm run roles:doc\` a partir de src/domain/roles.ts y src/domain/privileges.ts. No editar a mano. -->

# Roles y privilegios predeterminados

Cada ruta de la API declara un privilegio \`módulo.acción\` y el servidor lo comprueba contra el rol del
usuario (ver [architecture.md](architecture.md)). Esta es la matriz con la que se crean los roles en una
base de datos vacía (\`seedRoles\`, usada por los datos de demostración y por \`npm run admin:create\`).

Un **Super Administrador** cambia la matriz en **/dashboard/roles** (Roles y privilegios). El cambio se
guarda en la base de datos y cada usuario lo recibe en la siguiente renovación de su token de acceso
(a más tardar en \`ACCESS_TOKEN_SECONDS\`, 15 minutos por omisión) o al volver a iniciar sesión. Cambiar
\`src/domain/roles.ts\` no modifica los roles de una base de datos que ya existe.

## Roles

${roles.join('\n')}

**Límite de cancelaciones**: cuántas cancelaciones de un cliente cuenta la regla de agenda para ese rol
(los roles con límite ampliado cuentan 4 en lugar de 3).

Un rol **ligado a su sucursal** solo consulta y modifica datos de la sucursal principal del usuario; la API
responde 403 a cualquier otra. Los demás roles trabajan con todas las sucursales.

## Matriz de privilegios

Acciones: ${legend}. «todas» = las ocho acciones; «—» = el módulo no aparece para ese rol.

${matrix.join('\n')}
`;
}

const text = rolesDoc();
if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(OUT, 'utf8');
  } catch {
    /* missing counts as out of date */
  }
  if (current !== text) {
    console.error('docs/roles.md no coincide con src/domain/roles.ts: ejecute npm run roles:doc');
    process.exit(1);
  }
  console.log('docs/roles.md está al día');
} else {
  writeFileSync(OUT, text);
  console.log(`Escrito ${path.relative(process.cwd(), OUT)}`);
}
