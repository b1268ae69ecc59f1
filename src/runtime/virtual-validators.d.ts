// The modules scripts/widget-validators.ts generates (issue 15 point 2). Types only.

declare module 'virtual:widget-validators' {
  import type { ValidateFunction } from 'ajv';
  /** Build-time props validators by schema fingerprint: lazy in the browser, ready under Node and Vitest. */
  export const precompiled: Readonly<Record<string, { ready?: ValidateFunction; load: () => Promise<{ default: ValidateFunction }> }>>;
  /** The run-time compiler (src/runtime/props-compiler.ts) under Node and Vitest; undefined in the browser. */
  export const compile: ((schema: object) => ValidateFunction) | undefined;
  /** The stamp of the library's contracts (schemas/contracts-fingerprint.ts contractsFingerprint) this build was made with. */
  export const contractsStamp: string | undefined;
  /** The page-shape validators (virtual:page-shape-validators): ready under Node and Vitest, undefined in the browser until loaded. */
  export const pageShapes: { condition: ValidateFunction; root: ValidateFunction } | undefined;
  /** Loads the page-shape validators (a lazy chunk in the browser). */
  export const loadPageShapes: () => Promise<{ condition: ValidateFunction; root: ValidateFunction }>;
  /** Widget type → its contract's fingerprint in this build (contractFingerprint). */
  export const contracts: Readonly<Record<string, string>>;
}

declare module 'virtual:widget-validators/*' {
  import type { ValidateFunction } from 'ajv';
  /** One widget's props validator, compiled by ajv standalone. */
  const validate: ValidateFunction;
  export default validate;
}

declare module 'virtual:page-shape-validators' {
  import type { ValidateFunction } from 'ajv';
  /** Validates a block's condition (schemas/page-template.ts BlockCondition). */
  export const condition: ValidateFunction;
  /** Validates a page's root props (schemas/page-template.ts RootProps). */
  export const root: ValidateFunction;
}
