import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

/**
 * The form controls of the sign-in page, which nearly every screen's form uses too: antd's Form, Input and Password
 * (not TextArea, Search, OTP), Checkbox, Row/Col and Tooltip, with the rc-component code under them. One chunk instead of
 * about ten small ones that compress worse (npm run measure:web).
 */
const FORM_CONTROLS = new RegExp(
  [
    String.raw`[\\/]node_modules[\\/](`,
    String.raw`antd[\\/]es[\\/](form|checkbox|grid|tooltip|input[\\/](Input|Password|utils|hooks|style))`,
    String.raw`|@rc-component[\\/](form|async-validator|checkbox|tooltip|input)`,
    '|compute-scroll-into-view|scroll-into-view-if-needed',
    String.raw`)[\\/.]`,
  ].join(''),
);

/** React, React DOM, React Router and TanStack Query: what runs every page, in a chunk of its own. */
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query))[\\/]/;

/** The TypeScript of the web app and src/domain, and those of its modules that are imported for what they do (dayjs's set-up, zod's Spanish). */
const APP_MODULE = /[\\/]src[\\/](web|domain)[\\/][^?]*\.tsx?$/;
const SIDE_EFFECTS = /[\\/](web[\\/]main\.tsx|web[\\/]app[\\/]dayjs\.ts|domain[\\/]validation\.ts)$/;

/** Writes a .br and a .gz beside each text file of the build, which the server sends as they are (@fastify/static preCompressed). */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: () => {
      // a CLI --outDir arrives here resolved like the config's; nothing to do when the build failed before writing
      if (!existsSync(outDir)) return;
      for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
        const file = path.join(entry.parentPath, entry.name);
        const content = readFileSync(file);
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  root: 'src/web',
  plugins: [react(), precompress()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // The app's own modules have no side effects on import but those listed in SIDE_EFFECTS: a module none of whose
      // exports is used is left out. Without it, every area's index.ts (its routes, which the router imports, beside
      // the components it shares) brought its shared components, and antd's Table, Select, DatePicker… with them, into
      // the chunks of the first paint.
      treeshake: { moduleSideEffects: (id) => (APP_MODULE.test(id) && !SIDE_EFFECTS.test(id) ? false : undefined) },
      output: {
        // What every page runs before its own screen (main.tsx and its static imports) in three chunks instead of a
        // dozen small shared ones: React, React DOM, React Router and TanStack Query; the other libraries of the first
        // paint (antd's core), which change only with a dependency; and the app's own start-up code. Then the form
        // controls, and zod in a chunk of its own, so that no screen that needs neither gets it through a shared chunk.
        // Each screen stays a lazy chunk of its own. `npm run measure:web` shows the effect on /login.
        codeSplitting: {
          groups: [
            { name: 'framework', tags: ['$initial'], test: FRAMEWORK, priority: 4 },
            { name: 'vendor', tags: ['$initial'], test: /[\\/]node_modules[\\/]/, priority: 3 },
            { name: 'start', tags: ['$initial'], priority: 2 },
            { name: 'form-controls', test: FORM_CONTROLS, priority: 1 },
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/, priority: 1 },
            // ECharts and zrender, which only ui/Chart.tsx imports, and dynamically: one chunk fetched by the first
            // chart a page draws instead of a dozen pieces (never $initial, so never in the vendor chunk)
            { name: 'echarts', test: /[\\/]node_modules[\\/](echarts|zrender)[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
  server: { proxy: { '/v1': 'http://localhost:3000' } },
});
