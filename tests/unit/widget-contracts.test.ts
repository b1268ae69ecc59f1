// The widget contracts (schemas/widgets/) and the registered library (widgets/index.ts) stay in step:
// the server's template check reads the contracts, learners' pages the definitions, so a widget whose
// definition drifted from its contract would be judged on save by rules that do not render it.
import { describe, expect, it } from 'vitest';
import { CONTRACT_LIST, WIDGET_CONTRACTS } from '../../schemas/widgets/index';
import { compilePropsSchema } from '../../src/runtime/props-compiler';
import { createRegistry } from '../../src/runtime/registry';
import { WIDGETS } from '../../widgets/index';

describe('widget contracts', () => {
  it('has a contract for every registered widget, and a registered widget for every contract', () => {
    expect(Object.keys(WIDGET_CONTRACTS).sort()).toEqual(WIDGETS.map((w) => w.type).sort());
    expect(CONTRACT_LIST.map((c) => c.type)).toEqual(Object.keys(WIDGET_CONTRACTS));
    expect(CONTRACT_LIST).toHaveLength(23);
  });

  it.each(WIDGETS.map((w) => [w.type, w] as const))('%s: the definition carries its contract (schema, version, defaults, migrations, slots, placement)', (type, definition) => {
    const contract = WIDGET_CONTRACTS[type]!;
    // The same objects, not copies: one schema compiled by the build, the runtime and the server.
    expect(definition.propsSchema).toBe(contract.propsSchema);
    expect(definition.migrations).toBe(contract.migrations);
    expect(definition.defaultProps).toBe(contract.defaultProps);
    expect(definition.version).toBe(contract.version);
    expect(definition.slots).toBe(contract.slots);
    expect(definition.placement).toBe(contract.placement);
  });

  it('every contract registers (well-formed migrations) and its defaults pass its own schema', () => {
    const registry = createRegistry();
    for (const definition of WIDGETS) registry.register(definition);
    for (const contract of CONTRACT_LIST) {
      const validate = compilePropsSchema(contract.propsSchema);
      expect(validate(structuredClone(contract.defaultProps)), `${contract.type}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });
});
