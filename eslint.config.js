// The dependency rules of DESIGN.md ("Layout"), checked in `npm test` (issue 14 point 1):
// app → features, widgets → runtime, api, stores, lib, components, services; nothing below imports
// app or features; a feature never imports another feature; server never imports src/ or widgets/;
// schemas/ imports neither side. The server's own module zones come with its restructuring.
// Only import rules run here: no type-aware linting, so the whole tree lints in seconds.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

// Zones are paths from the repository root, whatever directory ESLint is started from.
const root = fileURLToPath(new URL('.', import.meta.url));

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** A feature never imports another feature (DESIGN: "a feature never imports another feature"). */
const featureZones = features.map((feature) => ({
  target: `./src/features/${feature}`,
  from: './src/features',
  except: [`./${feature}`],
  message: 'A feature never imports another feature: move what both need to src/components, src/lib or src/services.',
}));

/** Code below app and features never imports them (DESIGN: "nothing below imports app or features"). */
const belowApp = ['lib', 'components', 'runtime', 'api', 'stores', 'i18n', 'services'].flatMap((layer) => [
  { target: `./src/${layer}`, from: './src/app', message: `src/${layer} never imports src/app: move the shared part down.` },
  { target: `./src/${layer}`, from: './src/features', message: `src/${layer} never imports a feature: move the shared part down.` },
]);

/** Features sit below app: app assembles them, they never reach back up (DESIGN: "app → features"). */
const featureBelowApp = [{ target: './src/features', from: './src/app', message: 'A feature never imports src/app: move the shared part to src/components, src/lib or src/services.' }];

const widgetZones = [
  { target: './widgets', from: './src/app', message: 'A widget never imports src/app.' },
  { target: './widgets', from: './src/features', message: 'A widget never imports a feature.' },
];

/** The browser code shares with the server only through schemas/ (DESIGN: "both may import schemas/"). */
const clientZones = [
  { target: './src', from: './server', message: 'src/ never imports server/: share through schemas/.' },
  { target: './widgets', from: './server', message: 'widgets/ never imports server/: share through schemas/.' },
];

const sharedZones = [
  { target: './schemas', from: './src', message: 'schemas/ is shared by server and client; it imports neither.' },
  { target: './schemas', from: './server', message: 'schemas/ is shared by server and client; it imports neither.' },
  { target: './schemas', from: './widgets', message: 'schemas/ is shared by server and client; it imports neither.' },
];

const serverZones = [
  { target: './server', from: './src', message: 'server/ never imports src/ (share through schemas/).' },
  { target: './server', from: './widgets', message: 'server/ never imports widgets/ (share through schemas/).' },
  // server module zones: added with the server restructuring
];

export default defineConfig(
  { ignores: ['node_modules/**', 'dist/**', 'data/**', '.tmp/**', 'coverage/**', 'bench/out/**', 'backups/**'] },
  {
    files: ['src/**/*.{ts,tsx}', 'widgets/**/*.{ts,tsx}', 'server/**/*.ts', 'schemas/**/*.ts'],
    languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' }), createNodeResolver()],
    },
    linterOptions: { noInlineConfig: true, reportUnusedDisableDirectives: 'error' },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: root, zones: [...featureZones, ...featureBelowApp, ...belowApp, ...widgetZones, ...clientZones, ...sharedZones, ...serverZones] },
      ],
      // Cycles between modules over src/, widgets/ and server/. import-x's no-cycle always skips
      // type-only imports (`import type`, or every specifier `type`): they vanish from the build, so
      // they cannot cause an evaluation-order bug. Dynamic import() edges do count.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
);
