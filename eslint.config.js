// The dependency rules of DESIGN.md ("Layout"), checked in `npm test` (issue 14 point 1):
// app → features, widgets → runtime, api, stores, lib, components, services; nothing below imports
// app or features; a feature never imports another feature; server never imports src/ or widgets/;
// schemas/ imports neither side; a server module imports another only through the shared kernel
// server/lib, and runtime server code never imports the demo seeds (server/demo).
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

/**
 * Code below app and features never imports them, nor the widget library that sits beside the features
 * (DESIGN: "nothing below imports app or features"; "widgets → runtime, api, stores, lib, components").
 */
const belowApp = ['lib', 'components', 'runtime', 'api', 'stores', 'i18n', 'services'].flatMap((layer) => [
  { target: `./src/${layer}`, from: './src/app', message: `src/${layer} never imports src/app: move the shared part down.` },
  { target: `./src/${layer}`, from: './src/features', message: `src/${layer} never imports a feature: move the shared part down.` },
  { target: `./src/${layer}`, from: './widgets', message: `src/${layer} never imports widgets/: widgets build on it; src/app assembles the registry.` },
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
];

// server module zones (issue 14 point 5): the services of server/modules/<service>/ share only
// through the kernel server/lib (listing, list SQL, purposes, tenant context, captcha store, store
// settings); what one service offers another is passed by app.ts to the module's entry.
const serverModules = readdirSync(new URL('./server/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const serverModuleZones = [
  ...serverModules.map((module) => ({
    target: `./server/modules/${module}`,
    from: './server/modules',
    except: [`./${module}`],
    message: 'A server module never imports another module: move what both need to the shared kernel server/lib, or have app.ts pass it to the module\'s entry.',
  })),
  { target: './server/lib', from: './server/modules', message: 'The shared kernel server/lib never imports a module: it sits below all of them.' },
  { target: './server/plugins', from: './server/modules', message: 'A plugin never imports a module: what a plugin and a module share belongs in the kernel server/lib.' },
];

/**
 * The demo seeds and media generators stay apart from runtime code. The one seeding entry point is
 * server/start.ts (seeds on first start and writes the demo media), so it is left out of the targets.
 */
const runtimeServer = readdirSync(new URL('./server', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.name !== 'demo' && entry.name !== 'start.ts')
  .map((entry) => `./server/${entry.name}`);
const demoZones = [{ target: runtimeServer, from: './server/demo', message: 'Runtime server code never imports server/demo (seeds and demo generators); seeding starts from server/start.ts.' }];

export default defineConfig(
  { ignores: ['node_modules/**', 'dist/**', 'data/**', '.tmp/**', 'coverage/**', 'bench/out/**', 'backups/**'] },
  {
    files: ['src/**/*.{ts,tsx}', 'widgets/**/*.{ts,tsx}', 'server/**/*.ts', 'schemas/**/*.ts'],
    languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${root}tsconfig.json` }), createNodeResolver()],
    },
    linterOptions: { noInlineConfig: true, reportUnusedDisableDirectives: 'error' },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: root, zones: [...featureZones, ...featureBelowApp, ...belowApp, ...widgetZones, ...clientZones, ...sharedZones, ...serverZones, ...serverModuleZones, ...demoZones] },
      ],
      // Cycles between modules over src/, widgets/ and server/. import-x's no-cycle always skips
      // type-only imports (`import type`, or every specifier `type`): they vanish from the build, so
      // they cannot cause an evaluation-order bug. Dynamic import() edges do count.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
);
