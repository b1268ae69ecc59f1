// Vite plugin (issue 15 point 3): TypeBox stays out of the browser. The widget contracts and page
// schemas (schemas/**/*.ts) build their JSON Schemas with TypeBox's Type.* when their module loads;
// the browser only reads those schemas as data (defaults, the validators' fingerprints; the
// validators themselves are compiled at build time, scripts/widget-validators.ts). For the client
// build only, each top-level `const X = …Type…` of a schemas module is replaced by the JSON of the
// value it has under Node, and the `typebox` import goes when nothing uses it any more. Source,
// `npm run typecheck`, the server, Vitest and the dev server are untouched (apply: 'build', no SSR).
import { resolve } from 'node:path';
import { createServer, parseAst, type Plugin, type ResolvedConfig, type ViteDevServer } from 'vite';

/** The name of the export the evaluating server adds to each schemas module: every top-level const by name. */
const EVALUATED = '__typeboxJsonValues';

interface Node { type: string; start: number; end: number; [key: string]: unknown }

/** A schemas module of the project (not node_modules), by id. */
const isSchemasModule = (id: string, root: string) => {
  const path = id.split('?')[0]!.replace(/\\/g, '/');
  return path.startsWith(`${root.replace(/\\/g, '/')}/schemas/`) && /\.ts$/.test(path);
};

/** Top-level `const name = init` declarators (exported or not), with their init's range. */
function topLevelConsts(program: Node): { name: string; init: Node }[] {
  const found: { name: string; init: Node }[] = [];
  for (const statement of program.body as Node[]) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
    if (!declaration || declaration.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
    for (const d of declaration.declarations as Node[]) {
      const id = d.id as Node;
      if (id.type === 'Identifier' && d.init) found.push({ name: id.name as string, init: d.init as Node });
    }
  }
  return found;
}

/** The local names bound by value imports from `typebox` (and its subpaths), with their declarations. */
function typeboxImports(program: Node): { names: Set<string>; declarations: Node[] } {
  const names = new Set<string>();
  const declarations: Node[] = [];
  for (const statement of program.body as Node[]) {
    if (statement.type !== 'ImportDeclaration' || statement.importKind === 'type') continue;
    const source = (statement.source as Node).value as string;
    if (source !== 'typebox' && !source.startsWith('typebox/')) continue;
    declarations.push(statement);
    for (const s of statement.specifiers as Node[]) names.add((s.local as Node).name as string);
  }
  return { names, declarations };
}

/** True when `node` mentions one of `names` as an identifier. */
function mentions(node: unknown, names: Set<string>): boolean {
  if (!node || typeof node !== 'object') return false;
  if (Array.isArray(node)) return node.some((n) => mentions(n, names));
  const n = node as Node;
  if (n.type === 'Identifier' && names.has(n.name as string)) return true;
  return Object.entries(n).some(([key, value]) => key !== 'type' && typeof value === 'object' && mentions(value, names));
}

/** True when JSON holds all of `value` a reader can see (plain data; TypeBox's own keys are non-enumerable). */
export function isPlainJson(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every((v) => v !== undefined && isPlainJson(v));
  if (typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return false;
  return Object.values(value).every((v) => v === undefined || isPlainJson(v));
}

/**
 * `code` (JavaScript) with each top-level const whose initialiser uses TypeBox replaced by the JSON
 * of `values[name]`, and the typebox import dropped when nothing uses it any more. Throws naming the
 * const when its value is not plain JSON (a schema with a function or a class instance in it).
 */
export function inlineTypeboxValues(code: string, values: Record<string, unknown>, file: string): string {
  const program = parseAst(code) as unknown as Node;
  const imports = typeboxImports(program);
  if (imports.names.size === 0) return code;
  const edits: { start: number; end: number; text: string }[] = [];
  for (const { name, init } of topLevelConsts(program)) {
    if (!mentions(init, imports.names)) continue;
    if (!(name in values)) throw new Error(`${file}: const ${name} uses TypeBox but was not evaluated; declare it at the top level of the module.`);
    // A schema factory (`const Nullable = (t) => Type.Union(…)`) stays: the consts that call it are
    // inlined, and once none is left the bundler drops it with the typebox import.
    if (typeof values[name] === 'function') continue;
    if (!isPlainJson(values[name])) throw new Error(`${file}: const ${name} uses TypeBox but its value is not plain JSON (a function or class instance in it); move that part out of the const so the browser build can inline the schema.`);
    edits.push({ start: init.start, end: init.end, text: `/* TypeBox, evaluated at build time */ (${JSON.stringify(values[name])})` });
  }
  let out = code;
  for (const edit of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  // Nothing left that uses TypeBox: drop its import, so the bundle does not load typebox for it.
  const rest = parseAst(out) as unknown as Node;
  const left = typeboxImports(rest);
  const used = (rest.body as Node[]).some((s) => !left.declarations.includes(s) && mentions(s, left.names));
  if (!used) for (const d of [...left.declarations].sort((a, b) => b.start - a.start)) out = out.slice(0, d.start) + out.slice(d.end);
  return out;
}

/** In the evaluating server: each schemas module also exports every top-level const by name. */
function exposeConsts(root: string): Plugin {
  return {
    name: 'typebox-json-expose',
    enforce: 'post',
    transform(code, id) {
      if (!isSchemasModule(id, root)) return undefined;
      const names = topLevelConsts(parseAst(code) as unknown as Node).map((c) => c.name);
      return `${code}\nexport const ${EVALUATED} = { ${names.join(', ')} };\n`;
    },
  };
}

/** The plugin: add it to the client build (vite.config.ts). */
export function typeboxJson(): Plugin {
  let config: ResolvedConfig | undefined;
  let server: Promise<ViteDevServer> | undefined;
  const evaluator = () => (server ??= createServer({
    root: config!.root, configFile: false, logLevel: 'error', appType: 'custom', plugins: [exposeConsts(config!.root)],
    server: { middlewareMode: true, hmr: false, watch: null, ws: false }, optimizeDeps: { noDiscovery: true, include: [] },
  }));
  return {
    name: 'portal:typebox-json',
    apply: 'build',
    // After TypeScript is stripped: the code parsed here is JavaScript.
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    async transform(code, id, options) {
      if (options?.ssr || !config || !isSchemasModule(id, config.root)) return undefined;
      if (!/from\s*["']typebox/.test(code)) return undefined;
      const vite = await evaluator();
      const path = resolve(id.split('?')[0]!);
      const module = (await vite.ssrLoadModule(path)) as Record<string, Record<string, unknown>>;
      try {
        return { code: inlineTypeboxValues(code, module[EVALUATED] ?? {}, path), map: null };
      } catch (error) {
        this.error((error as Error).message);
      }
    },
    async buildEnd() {
      const running = server;
      server = undefined;
      if (running) await (await running).close();
    },
  };
}
