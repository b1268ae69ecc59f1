// The props validators' ajv, in one place (issue 15 point 2): the build step compiles every
// widget's schema with it to standalone code (scripts/widget-validators.ts), and where ajv may run
// (Vitest, the snapshot CLI under Node) it compiles at run time the schemas the build did not see.
// The learner bundle never imports this module: there, every props validator was compiled at build
// time (virtual:widget-validators), and no code is generated in the browser.
import type { Ajv, ValidateFunction } from 'ajv';
import { createPropsAjv, withoutStrayIds } from '../../schemas/widgets/props-ajv';

// The options and helpers live beside the widget contracts, so the server's template check uses them too.
export { createPropsAjv, PROPS_AJV_OPTIONS, withoutStrayIds } from '../../schemas/widgets/props-ajv';

let shared: Ajv | undefined;

/** Compiles a props schema at run time, exactly as the build step does (throws when it cannot be compiled). */
export function compilePropsSchema(schema: object): ValidateFunction {
  shared ??= createPropsAjv();
  return shared.compile(withoutStrayIds(schema));
}
