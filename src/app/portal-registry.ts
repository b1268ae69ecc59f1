// The portal's widget registry, assembled here from the widget library (DESIGN: the registry is an
// instance; src/app assembles it, runtime pages read it from <RegistryProvider>). The library loads
// as its own chunk the first time a runtime page asks for it.
import type { Registry } from '../runtime/registry';

let registry: Registry | undefined;

/** Loads the widget library and creates the portal's registry (once). */
export async function loadPortalRegistry(): Promise<Registry> {
  if (!registry) {
    const { createPortalRegistry } = await import('../../widgets');
    registry ??= createPortalRegistry();
  }
  return registry;
}

/** The portal's registry once loaded, else undefined (a provider made after the load hands it out as it is). */
export function loadedPortalRegistry(): Registry | undefined {
  return registry;
}
