import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { recordRefusal } from '../incompatibleSingleton.ts';

/**
 * Logs a section that cannot load, with an error label. It returns no substitute module: the error reaches the
 * section's error boundary, which shows the fallback and can try again (the runtime forgets failed loads). A section
 * refused for needing another major version of a shared singleton is remembered as such, so its slot can say why.
 */
export default function remoteErrorPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'remote-error-plugin',
    errorLoadRemote({ id, error, lifecycle }) {
      const reason = error instanceof Error ? error.message : String(error);
      console.error(`[federation] ${id} could not be loaded (${lifecycle}): ${reason}`);
      recordRefusal(id, error);
      return undefined;
    },
  };
}
