// Before a page is rendered on the server, each of its slots' modules is loaded from its section's server build and its
// loader run (with the publishable key: row-level security applies), all in parallel, within one deadline. A slot whose
// section is missing, throws, or is not ready in time is left to the browser: the page is not held up for it.
import type { ComponentType } from 'react';
import type { PageAddress, SectionData } from '@site/shared-ui/sectionData';
import type { SupabaseRuntimeConfig } from '@site/shared-ui/supabaseClient';
import type { RemoteComponentModule } from '../federation/remoteModuleTypes.ts';

export interface LoadedSections {
  /** The slots the server renders, with their components. */
  components: Map<string, ComponentType>;
  /** Everything their loaders returned, by key. */
  data: Record<string, unknown>;
  /** The tables that data was read from. */
  tables: Set<string>;
  /** Why each other slot is left to the browser. */
  skipped: Map<string, string>;
}

export interface LoadSectionsOptions {
  modules: readonly string[];
  /** The address the page is rendered for: a page with a search loads what its query asks for. */
  address: PageAddress;
  load: (moduleId: string) => Promise<RemoteComponentModule>;
  backend: SupabaseRuntimeConfig;
  deadlineMs: number;
}

class Late extends Error {}

export async function loadPageSections({
  modules,
  address,
  load,
  backend,
  deadlineMs,
}: LoadSectionsOptions): Promise<LoadedSections> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      // The deadline first: a loader that answers as it is aborted must not count as ready in time.
      reject(new Late(`not ready within ${deadlineMs} ms`));
      controller.abort();
    }, deadlineMs);
  });
  deadline.catch(() => undefined);
  const loaded: LoadedSections = { components: new Map(), data: {}, tables: new Set(), skipped: new Map() };
  const reads = (table: string) => loaded.tables.add(table);
  try {
    await Promise.all(
      modules.map(async (moduleId) => {
        try {
          const module = await Promise.race([load(moduleId), deadline]);
          const data: SectionData = module.loader
            ? await Promise.race([
                module.loader({ backend, address, signal: controller.signal, reads }),
                deadline,
              ])
            : {};
          Object.assign(loaded.data, data);
          loaded.components.set(moduleId, module.default);
        } catch (error) {
          loaded.skipped.set(moduleId, error instanceof Error ? error.message : String(error));
        }
      }),
    );
  } finally {
    clearTimeout(timer);
  }
  return loaded;
}
