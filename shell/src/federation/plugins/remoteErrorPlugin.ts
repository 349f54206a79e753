import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { recordRefusal } from '../incompatibleSingleton.ts';

/**
 * Logs a section that cannot load, with an error label (at debug level while the page is being left). It returns no
 * substitute module: the error reaches the section's error boundary, which shows the fallback and can try again (the
 * runtime forgets failed loads). A section refused for needing another major version of a shared singleton is
 * remembered as such, so its slot can say why.
 */
export default function remoteErrorPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'remote-error-plugin',
    errorLoadRemote({ id, error, lifecycle }) {
      recordRefusal(id, error);
      // Logged as the kit logs what a page loads: an error, unless the page is being left, which cuts its loads
      // short (see pageLeaving; WebKit failed a section's chunk as a journey left the page). The kit's module is
      // taken from the share scope when a load fails, not when this plugin is made: the runtime makes it before the
      // share scope exists.
      void import('@site/shared-ui/pageLeaving').then(({ reportFailure }) =>
        reportFailure(`[federation] ${id} could not be loaded (${lifecycle}):`, error),
      );
      return undefined;
    },
  };
}
