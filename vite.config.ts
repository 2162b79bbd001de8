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
      output: {
        // What every page runs before its own screen (main.tsx and its static imports) in two chunks instead of a
        // dozen small shared ones: the libraries (React, React Router, TanStack Query, antd's core), which change
        // only with a dependency, and the app's own start-up code; then the form controls. Each screen stays a lazy
        // chunk of its own. `npm run measure:web` shows the effect on /login and /dashboard/agenda.
        codeSplitting: {
          groups: [
            { name: 'vendor', tags: ['$initial'], test: /[\\/]node_modules[\\/]/, priority: 3 },
            { name: 'start', tags: ['$initial'], priority: 2 },
            { name: 'form-controls', test: FORM_CONTROLS, priority: 1 },
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
