// `npm start` and `npm test` on a fresh clone: installs, builds and runs with Node built-ins only,
// since it runs before the npm packages are there.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

const heading = (text) => console.log(process.stdout.isTTY ? `\n\x1b[1m==> ${text}\x1b[0m` : `\n==> ${text}`);

function run(cmd, args, env = process.env) {
  const res = spawnSync(cmd, args, { stdio: 'inherit', env });
  if (res.error) console.error(`No se pudo ejecutar ${cmd}: ${res.error.message}`);
  return res.status ?? 1;
}

const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;

/** Runs a step or stops the whole command with that step's exit code. */
function step(title, cmd, args, env) {
  heading(title);
  const started = Date.now();
  const code = run(cmd, args, env);
  if (code !== 0) {
    console.error(`\nFalló: ${title} (código ${code}, ${seconds(started)})`);
    process.exit(code);
  }
  console.log(`(${title}: ${seconds(started)})`);
}

/**
 * Runs steps at once (each waits mostly on its own single-threaded seeding), each one's output kept and shown whole
 * when it ends; stops the whole command with the first failure's exit code once all have ended.
 */
async function concurrentSteps(steps) {
  const started = Date.now();
  const codes = await Promise.all(
    steps.map(
      ({ title, cmd, args, env }) =>
        new Promise((resolve) => {
          const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
          const output = [];
          child.stdout.on('data', (d) => output.push(d));
          child.stderr.on('data', (d) => output.push(d));
          const end = (code) => {
            heading(title);
            process.stdout.write(Buffer.concat(output));
            console.log(code === 0 ? `(${title}: ${seconds(started)})` : `\nFalló: ${title} (código ${code}, ${seconds(started)})`);
            resolve(code);
          };
          child.on('error', (err) => (output.push(Buffer.from(`No se pudo ejecutar ${cmd}: ${err.message}\n`)), end(1)));
          child.on('close', (code) => end(code ?? 1));
        }),
    ),
  );
  const failed = codes.find((code) => code !== 0);
  if (failed !== undefined) process.exit(failed);
}

// npx without the chance of fetching a package from the registry (and one npm process fewer)
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

function install() {
  const stamp = path.join('node_modules', '.install-stamp');
  const hash = createHash('sha256').update(readFileSync('package-lock.json')).digest('hex');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === hash) return;
  step('Instalando dependencias (npm ci)', 'npm', ['ci', '--no-audit', '--no-fund']);
  writeFileSync(stamp, hash + '\n');
}

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const st = statSync(entry);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(entry).reduce((max, name) => Math.max(max, newestMtime(path.join(entry, name))), st.mtimeMs);
}

function webIsStale() {
  const built = path.join('dist', 'web', 'index.html');
  if (!existsSync(built)) return true;
  const sources = ['src/web', 'src/domain', 'index.html', 'vite.config.ts'];
  return Math.max(...sources.map(newestMtime)) > statSync(built).mtimeMs;
}

/**
 * Runs a child that stops on its own terms: a signal sent to us (npm relays the terminal's, a supervisor
 * sends SIGTERM) is passed on once, and we exit with the child's code when it has finished. TypeScript runs
 * in the child's own Node.js through tsx's loader (`node --import tsx`), not tsx's command-line wrapper,
 * which killed the server about 60 ms after relaying a signal instead of letting it finish its requests.
 */
function supervise(cmd, args, { detached = false } = {}) {
  // the server runs in its own process group, so a Ctrl-C reaches it once, through us, not also straight from
  // the terminal; a script stays in the terminal's group, where it may read the keyboard (a confirmation)
  const child = spawn(cmd, args, { stdio: 'inherit', env: process.env, detached });
  // npm relays the terminal's signal too: send one per second at most, a later one forces the exit
  let last = 0;
  const forward = (signal) => {
    if (Date.now() - last > 1000) child.kill(signal);
    last = Date.now();
  };
  process.on('SIGINT', () => detached && forward('SIGINT'));
  process.on('SIGTERM', () => forward('SIGTERM'));
  process.on('SIGHUP', () => forward('SIGTERM'));
  // `npm start` stopped by a signal ends only its shell, not us: when the parent goes, stop the child too
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    forward('SIGTERM');
  }, 1000);
  watch.unref();
  process.on('exit', () => child.exitCode === null && child.kill('SIGTERM'));
  child.on('exit', (code, signal) => process.exit(code ?? (signal === 'SIGINT' ? 130 : signal ? 143 : 1)));
}

const typescript = (file, args, opts) => supervise(process.execPath, ['--import', 'tsx', file, ...args], opts);

function start() {
  if (webIsStale()) step('Compilando la aplicación web (vite build)', bin('vite'), ['build']);
  heading('Iniciando el servidor');
  typescript('src/server/main.ts', [], { detached: true });
}

/** Debian packages the tests use: Chromium for the browser tests, poppler-utils to read PDFs back. */
const TEST_PACKAGES = [
  ['chromium', '/usr/bin/chromium'],
  ['poppler-utils', '/usr/bin/pdftotext'],
  ['faketime', '/usr/bin/faketime'],
];

/**
 * The date-sensitive suites (the demo that moves with the calendar, the agenda, the sales and the closings) run
 * again with the clock moved to the moments that broke them before, in Tijuana's wall time: a Saturday night that is
 * a 31st (already Sunday the 1st in Mexico City and in UTC), and a Sunday that is a daylight-saving day. libfaketime
 * moves the clock of the tests' own processes by an offset (PGlite runs in them); the rest runs on the real clock.
 */
const MOVED_CLOCKS = [
  ['un sábado 31 por la noche', '2027-08-01T06:30:00Z'],
  ['un domingo de cambio de horario', '2027-03-14T17:00:00Z'],
];
const CLOCK_SUITES = [
  'src/server/modules/agenda/agenda.test.ts',
  'src/server/modules/sales/intake/intake.test.ts',
  'src/server/modules/sales/closings/closings.test.ts',
  'src/server/modules/home/home.test.ts',
];

function fakeTimeLibrary() {
  for (const dir of ['/usr/lib/x86_64-linux-gnu', '/usr/lib/aarch64-linux-gnu', '/usr/lib']) {
    const file = path.join(dir, 'faketime', 'libfaketimeMT.so.1');
    if (existsSync(file)) return file;
  }
  console.error('No se encontró libfaketime (paquete faketime de Debian)');
  process.exit(1);
}

/** Both clocks at once: each run's seeding of the demo under its clock takes minutes on one core. */
async function movedClockTests(env) {
  const library = fakeTimeLibrary();
  await concurrentSteps(
    MOVED_CLOCKS.map(([label, instant], i) => {
      // an offset, not a fixed start: every process of the run (and the seconds between them) agrees on the time
      const offset = Math.round((Date.parse(instant) - Date.now()) / 1000);
      // a temp dir per clock: a moved clock would judge another clock's seeded images stale and remove them
      const tmp = path.join(os.tmpdir(), `clinic-moved-clock-${i + 1}`);
      mkdirSync(tmp, { recursive: true });
      const moved = { ...env, TMPDIR: tmp, LD_PRELOAD: library, FAKETIME: `${offset >= 0 ? '+' : ''}${offset}`, DONT_FAKE_MONOTONIC: '1' };
      return {
        title: `Pruebas de agenda, ventas y cortes con el reloj en ${label} (${instant})`,
        cmd: bin('vitest'),
        args: ['run', '--project', 'api', ...CLOCK_SUITES],
        env: moved,
      };
    }),
  );
}

function ensureTestPackages() {
  const missing = TEST_PACKAGES.filter(([, file]) => !existsSync(file)).map(([name]) => name);
  if (missing.length === 0) return;
  const sudo = process.getuid?.() !== 0 && run('sh', ['-c', 'command -v sudo >/dev/null']) === 0;
  const apt = (...args) =>
    sudo ? run('sudo', ['DEBIAN_FRONTEND=noninteractive', 'apt-get', ...args]) : run('apt-get', args, { ...process.env, DEBIAN_FRONTEND: 'noninteractive' });
  heading(`Instalando paquetes de Debian para las pruebas: ${missing.join(', ')}`);
  if (apt('install', '-y', ...missing) === 0) return;
  const code = apt('update') || apt('install', '-y', ...missing);
  if (code !== 0) {
    console.error(`No se pudo instalar ${missing.join(', ')} con apt-get`);
    process.exit(code);
  }
}

async function test() {
  ensureTestPackages();
  const env = { ...process.env, TZ: 'UTC' };
  step('Verificando tipos (tsc)', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json'], env);
  step('Revisando el código (ESLint)', bin('eslint'), ['.'], env);
  step('Pruebas unitarias', bin('vitest'), ['run', '--project', 'unit'], env);
  step('Pruebas de la API', bin('vitest'), ['run', '--project', 'api'], env);
  await movedClockTests(env);
  step('Compilando la aplicación web (vite build)', bin('vite'), ['build'], env);
  step('Pruebas de extremo a extremo (Chromium)', bin('vitest'), ['run', '--project', 'e2e'], env);
  heading('Todas las pruebas pasaron');
}

const USAGE = `Uso: node scripts/bootstrap.mjs start | test | run <archivo.ts> [argumentos] | bin <comando> [argumentos]
Instala las dependencias si faltan (npm ci) antes de cualquiera de ellos.`;

const [command, target, ...rest] = process.argv.slice(2);
const commands = {
  start,
  test,
  // a TypeScript script of the project (npm run seed, admin:create, backup, …)
  run: () => typescript(target, rest),
  // a command of node_modules/.bin (vite, drizzle-kit, tsx watch, …)
  bin: () => supervise(bin(target), rest),
};
if (!commands[command] || ((command === 'run' || command === 'bin') && !target)) {
  console.error(USAGE);
  process.exit(2);
}
install();
await commands[command]();
