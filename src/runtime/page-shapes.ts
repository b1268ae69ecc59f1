// The validators of a page's root props and block conditions (compiled at build time from
// schemas/page-template.ts, scripts/widget-validators.ts). Only a template the server did not check
// needs them (issue 15 point 2), so in the browser they load with that template's props validators,
// through registry.prepare(), and a guest's checked home never downloads them (issue 15 point 3).
import type { ValidateFunction } from 'ajv';
import { loadPageShapes, pageShapes } from 'virtual:widget-validators';

export interface PageShapeChecks {
  condition: ValidateFunction;
  root: ValidateFunction;
}

let shapes: PageShapeChecks | undefined = pageShapes;
let loading: Promise<void> | undefined;

/** The page-shape validators, or undefined while they have not been loaded (preparePageShapes). */
export function pageShapeChecks(): PageShapeChecks | undefined {
  return shapes;
}

/** Starts (or joins) their load; undefined when they are ready. A failed load may be retried. */
export function preparePageShapes(): Promise<void> | undefined {
  if (shapes) return undefined;
  loading ??= loadPageShapes().then(
    (module) => {
      shapes = { condition: module.condition, root: module.root };
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
