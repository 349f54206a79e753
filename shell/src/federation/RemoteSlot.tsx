import {
  lazy,
  Suspense,
  useContext,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type LazyExoticComponent,
} from 'react';
import { useEventBus } from '@site/shared-ui/eventBus';
import { VisuallyHidden } from '@site/shared-ui/VisuallyHidden';
import { RemoteErrorBoundary } from './RemoteErrorBoundary.tsx';
import { RemoteLoaderContext } from './RemoteLoaderContext.ts';
import { useHydrated } from './useHydrated.ts';
import { useWanted } from './useWanted.ts';
import type { PageSlot, RemoteModuleId, RemoteModuleLoader } from './remoteModuleTypes.ts';
import styles from './RemoteSlot.module.css';

// One lazy component per loader, module and attempt: React.lazy remembers a failure, so a retry needs a new one.
const componentsByLoader = new WeakMap<RemoteModuleLoader, Map<string, LazyExoticComponent<ComponentType>>>();

function lazyRemote(loader: RemoteModuleLoader, id: RemoteModuleId, attempt: number) {
  let components = componentsByLoader.get(loader);
  if (!components) {
    components = new Map();
    componentsByLoader.set(loader, components);
  }
  const key = `${id}#${attempt}`;
  let component = components.get(key);
  if (!component) {
    component = lazy(() => loader(id));
    components.set(key, component);
  }
  return component;
}

/** Space kept for a section on its way; it keeps the loading bar running meanwhile. */
function SlotLoading({ sectionName }: { sectionName: string }) {
  useEffect(() => {
    const { loadStarted, loadFinished } = useEventBus.getState();
    loadStarted();
    return loadFinished;
  }, []);
  return (
    <div className={styles.loading} aria-busy="true">
      <VisuallyHidden>Loading {sectionName}…</VisuallyHidden>
    </div>
  );
}

function RemoteSection({ module, sectionName }: Pick<PageSlot, 'module' | 'sectionName'>) {
  const loader = useContext(RemoteLoaderContext);
  const [attempt, setAttempt] = useState(0);
  const Section = lazyRemote(loader, module, attempt);
  return (
    <RemoteErrorBoundary
      key={attempt}
      sectionName={sectionName}
      onRetry={() => setAttempt((count) => count + 1)}
    >
      <Suspense fallback={<SlotLoading sectionName={sectionName} />}>
        <Section />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

/**
 * Where a section's module appears. The prerendered page and the first (hydrating) render show the reserved space
 * only, so the HTML and the hydrated page always agree; the section loads right after when it is on or near the
 * screen, and otherwise once the visitor scrolls towards it or engages with the page (see useWanted).
 */
export function RemoteSlot({ module, sectionName, reserve }: PageSlot) {
  const hydrated = useHydrated();
  const place = useRef<HTMLDivElement>(null);
  const wanted = useWanted(place, hydrated);
  return (
    <div ref={place} className={`${styles.slot} ${styles[reserve]}`} data-section={module}>
      {hydrated && wanted ? (
        <RemoteSection module={module} sectionName={sectionName} />
      ) : (
        <div className={styles.loading} aria-busy="true" />
      )}
    </div>
  );
}
