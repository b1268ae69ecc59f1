// Build step of the widget props validators (issue 15 point 2: no ajv in the browser at page load).
// A Vite plugin, so the dev server, `vite build`, Vitest and the snapshot CLI (through
// vite.config.ts) all get the same code. It loads the widget library and the page-shape schemas in
// a throwaway Vite SSR server, compiles every schema with ajv standalone — the same ajv options the
// run-time compiler and the server's template check use (schemas/widgets/props-ajv.ts) — and serves the result as virtual modules:
//
//   virtual:widget-validators         the map: schema fingerprint → its validator (a dynamic import in
//                                     the browser, so a page loads only the validators of its types;
//                                     eager under Node and Vitest, which also get the run-time compiler)
//   virtual:widget-validators/<type>  one widget's validator, standalone code (no new Function, no ajv)
//   virtual:page-shape-validators     the normaliser's block-condition and root-props checks
import { resolve } from 'node:path';
import { Ajv, type Options, type ValidateFunction } from 'ajv';
import { _ } from 'ajv/dist/compile/codegen/index.js';
import standaloneModule from 'ajv/dist/standalone/index.js';
import { createServer, type Plugin, type ResolvedConfig, type ViteDevServer } from 'vite';
import { createPropsAjv, SHAPE_AJV_OPTIONS, withoutStrayIds } from '../schemas/widgets/props-ajv';
import { contractFingerprint, contractsFingerprint, schemaFingerprint } from '../schemas/contracts-fingerprint';

const MAP_ID = 'virtual:widget-validators';
const WIDGET_PREFIX = `${MAP_ID}/`;
const SHAPE_ID = 'virtual:page-shape-validators';
const IDS = [MAP_ID, SHAPE_ID];

type Standalone = (ajv: Ajv, refsOrFunc?: ValidateFunction | Record<string, string>) => string;
const standaloneCode = ((standaloneModule as unknown as { default?: Standalone }).default ?? standaloneModule) as unknown as Standalone;

/** What a widget definition looks like to this step (the library is evaluated, never bundled here). */
interface EvaluatedWidget {
  type: string;
  version: number;
  propsSchema: object;
  defaultProps?: unknown;
  slots?: readonly string[];
  placement?: unknown;
}

/** The generated code of one run: every widget's validator module, the map's entries, the shape checks. */
export interface GeneratedValidators {
  /** type → standalone module source. */
  widgets: Map<string, string>;
  /** fingerprint → type whose module validates that schema (equal schemas share one module). */
  byFingerprint: Map<string, string>;
  /** The normaliser's checks module source. */
  shapes: string;
  /** type → its contract's fingerprint, and the stamp of the whole library (schemas/contracts-fingerprint.ts). */
  contracts: Map<string, string>;
  stamp: string;
}

/** Options of the plugin. */
export interface WidgetValidatorsOptions {
  /**
   * Import every validator statically and export the run-time compiler too. Default: under Vitest
   * and for SSR (the snapshot CLI), where tests register ad-hoc widgets and read validators synchronously.
   */
  eager?: boolean;
}

// Code options: ES module output; formats referenced from ajv-formats' table (none of today's widgets
// uses one, but the run-time compiler knows them, so the build must too).
const CODE_OPTIONS: Options = { code: { source: true, esm: true, lines: false, formats: _`require("ajv-formats/dist/formats").fullFormats` } };

/**
 * Standalone code imports its runtime helpers (ucs2length, equal, the formats) with require(); the
 * output must be an ES module. Each becomes an `import * as`, read the way both Node (module.exports
 * as default) and the bundler (__esModule interop) hand a CommonJS module over.
 */
function toEsModule(code: string): string {
  const specifiers: string[] = [];
  const body = code.replace(/require\("([^"]+)"\)/g, (_match, spec: string) => {
    let index = specifiers.indexOf(spec);
    if (index < 0) index = specifiers.push(spec) - 1;
    return `__cjs${index}`;
  });
  const imports = specifiers.map((spec, i) => {
    const file = spec.endsWith('.js') ? spec : `${spec}.js`;
    return `import * as __ns${i} from ${JSON.stringify(file)};\nconst __cjs${i} = __ns${i}.default && typeof __ns${i}.default === "object" ? __ns${i}.default : __ns${i};\n`;
  });
  return `${imports.join('')}${body.replace(/^"use strict";/, '')}\n`;
}

/** Compiles one widget's props schema to a module whose default export is its validator; checks its defaults too. */
export function compileWidgetValidator(widget: EvaluatedWidget): string {
  const ajv = createPropsAjv(CODE_OPTIONS);
  let validate: ValidateFunction;
  try {
    validate = ajv.compile(withoutStrayIds(widget.propsSchema));
  } catch (error) {
    throw new Error(`Widget "${widget.type}" has a propsSchema that cannot be compiled (${(error as Error).message}); fix the schema in its contract (schemas/widgets/<type>.ts).`);
  }
  const defaults = structuredClone(widget.defaultProps ?? {});
  if (!validate(defaults)) {
    const first = validate.errors?.[0];
    throw new Error(`Widget "${widget.type}" has defaultProps that do not match its propsSchema (${first ? `defaultProps${first.instancePath.replace(/\//g, '.')} ${first.message ?? 'is invalid'}` : 'invalid'}); fix the defaults or the schema.`);
  }
  return toEsModule(standaloneCode(ajv, validate));
}

/** Compiles the normaliser's two shape checks with its options (no defaults, no formats): exports condition and root. */
export function compileShapeValidators(condition: object, root: object): string {
  // The server's template check compiles the same two schemas with the same options (SHAPE_AJV_OPTIONS).
  const ajv = new Ajv({ ...SHAPE_AJV_OPTIONS, ...CODE_OPTIONS });
  const strip = (schema: object) => {
    const { $id: _ignored, ...rest } = schema as { $id?: string };
    return rest;
  };
  ajv.addSchema(strip(condition), 'condition');
  ajv.addSchema(strip(root), 'root');
  return toEsModule(standaloneCode(ajv, { condition: 'condition', root: 'root' }));
}

/** Generates every module from the evaluated library and page schemas. */
export function generateValidators(widgets: readonly EvaluatedWidget[], shapes: { condition: object; root: object }): GeneratedValidators {
  const modules = new Map<string, string>();
  const byFingerprint = new Map<string, string>();
  for (const widget of widgets) {
    const fingerprint = schemaFingerprint(widget.propsSchema);
    modules.set(widget.type, compileWidgetValidator(widget));
    if (!byFingerprint.has(fingerprint)) byFingerprint.set(fingerprint, widget.type);
  }
  const contracts = new Map(widgets.map((w) => [w.type, contractFingerprint(w)]));
  return { widgets: modules, byFingerprint, shapes: compileShapeValidators(shapes.condition, shapes.root), contracts, stamp: contractsFingerprint(widgets) };
}

/** The map module: lazy (one dynamic import per validator) for the browser, eager with the run-time compiler otherwise. */
export function mapModule(generated: GeneratedValidators, eager: boolean, root: string): string {
  const entries = [...generated.byFingerprint];
  // What a server-checked template's stamp must say for this build to render it unvalidated (issue 15 point 2).
  const stamp = `export const contractsStamp = ${JSON.stringify(generated.stamp)};\nexport const contracts = ${JSON.stringify(Object.fromEntries(generated.contracts))};\n`;
  if (!eager) {
    const lines = entries.map(([fp, type]) => `  ${JSON.stringify(fp)}: { load: () => import(${JSON.stringify(WIDGET_PREFIX + type)}) },`);
    // The page-shape validators load with the first unchecked template too (src/runtime/page-shapes.ts).
    const shapes = `export const pageShapes = undefined;\nexport const loadPageShapes = () => import(${JSON.stringify(SHAPE_ID)});\n`;
    return `// Generated by scripts/widget-validators.ts (browser: lazy, no compiler).\nexport const precompiled = {\n${lines.join('\n')}\n};\nexport const compile = undefined;\n${shapes}${stamp}`;
  }
  const imports = entries.map(([, type], i) => `import v${i} from ${JSON.stringify(WIDGET_PREFIX + type)};`);
  const lines = entries.map(([fp], i) => `  ${JSON.stringify(fp)}: { ready: v${i}, load: () => Promise.resolve({ default: v${i} }) },`);
  const compiler = JSON.stringify(resolve(root, 'src/runtime/props-compiler.ts').replace(/\\/g, '/'));
  const shapes = `import * as shapeModule from ${JSON.stringify(SHAPE_ID)};\nexport const pageShapes = shapeModule;\nexport const loadPageShapes = () => Promise.resolve(shapeModule);\n`;
  return `// Generated by scripts/widget-validators.ts (Node and Vitest: eager, with the run-time compiler).\n${imports.join('\n')}\nexport { compilePropsSchema as compile } from ${compiler};\nexport const precompiled = {\n${lines.join('\n')}\n};\n${shapes}${stamp}`;
}

/** Stand-ins for the virtual modules while the library itself is evaluated (it imports the registry). */
function stubPlugin(): Plugin {
  return {
    name: 'widget-validators-stub',
    resolveId: (id) => (IDS.includes(id) || id.startsWith(WIDGET_PREFIX) ? `\0stub:${id}` : undefined),
    load: (id) => (id.startsWith('\0stub:') ? 'export const precompiled = {}; export const compile = undefined; export const contractsStamp = undefined; export const contracts = {}; export const pageShapes = undefined; export const loadPageShapes = () => Promise.resolve({ condition: () => true, root: () => true }); export const condition = () => true; export const root = () => true; export default () => true;' : undefined),
  };
}

/** Evaluates widgets/index.ts and schemas/page-template.ts under Node (a throwaway Vite SSR server) and generates the modules. */
export async function buildValidators(root: string): Promise<GeneratedValidators> {
  const vite = await createServer({
    root, configFile: false, logLevel: 'error', appType: 'custom', plugins: [stubPlugin()],
    server: { middlewareMode: true, hmr: false, watch: null, ws: false }, optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const library = (await vite.ssrLoadModule('/widgets/index.ts')) as { WIDGETS: readonly EvaluatedWidget[] };
    const page = (await vite.ssrLoadModule('/schemas/page-template.ts')) as { BlockCondition: object; RootProps: object };
    return generateValidators(library.WIDGETS, { condition: page.BlockCondition, root: page.RootProps });
  } finally {
    await vite.close();
  }
}

/** The Vite plugin: add it to vite.config.ts, vitest.config.ts and any build that bundles the runtime. */
export function widgetValidators(options: WidgetValidatorsOptions = {}): Plugin {
  let config: ResolvedConfig | undefined;
  let generated: Promise<GeneratedValidators> | undefined;
  const root = () => config?.root ?? process.cwd();
  const generate = () => (generated ??= buildValidators(root()));
  return {
    name: 'widget-validators',
    // The helpers the generated code imports are CommonJS: pre-bundle them for the dev server.
    config: () => ({ optimizeDeps: { include: ['ajv/dist/runtime/ucs2length.js', 'ajv/dist/runtime/equal.js', 'ajv-formats/dist/formats.js'] } }),
    configResolved(resolved) {
      config = resolved;
    },
    resolveId(id) {
      if (IDS.includes(id) || id.startsWith(WIDGET_PREFIX)) return `\0${id}`;
      return undefined;
    },
    async load(id, loadOptions) {
      if (!id.startsWith('\0virtual:')) return undefined;
      const name = id.slice(1);
      if (!IDS.includes(name) && !name.startsWith(WIDGET_PREFIX)) return undefined;
      const out = await generate();
      if (name === SHAPE_ID) return out.shapes;
      if (name === MAP_ID) {
        const eager = options.eager ?? (Boolean(loadOptions?.ssr) || config?.mode === 'test' || Boolean(process.env.VITEST));
        return mapModule(out, eager, root());
      }
      const type = name.slice(WIDGET_PREFIX.length);
      const code = out.widgets.get(type);
      if (code === undefined) this.error(`No widget of type "${type}" is in widgets/index.ts; register it there (docs/widgets.md).`);
      return code;
    },
    configureServer(server: ViteDevServer) {
      // A schema or a widget edited under the dev server: generate again and reload the page.
      server.watcher.on('change', (file) => {
        if (!/[\\/](widgets|schemas)[\\/].*\.tsx?$/.test(file) && !/props-compiler\.ts$/.test(file)) return;
        generated = undefined;
        for (const environment of Object.values(server.environments)) {
          for (const [moduleId, node] of environment.moduleGraph.idToModuleMap) {
            if (moduleId.startsWith('\0virtual:widget-validators') || moduleId === `\0${SHAPE_ID}`) environment.moduleGraph.invalidateModule(node);
          }
        }
      });
    },
  };
}
