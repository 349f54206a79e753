import {
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type LazyExoticComponent,
} from 'react';
import { deadlines } from '@site/shared-ui/deadlines';
import { useEventBus } from '@site/shared-ui/eventBus';
import { VisuallyHidden } from '@site/shared-ui/VisuallyHidden';
import { RemoteErrorBoundary } from './RemoteErrorBoundary.tsx';
import { RemoteLoaderContext } from './RemoteLoaderContext.ts';
import { SectionFallback } from './SectionFallback.tsx';
import { useHydrated } from './useHydrated.ts';
import { ServerRenderContext } from './ServerRenderContext.ts';
import { useWanted, whenWanted } from './useWanted.ts';
import type { PageSlot, RemoteModuleId, RemoteModuleLoader } from './remoteModuleTypes.ts';
import styles from './RemoteSlot.module.css';

// One lazy component per loader, module and attempt: React.lazy remembers a failure, so a retry needs a new one.
const componentsByLoader = new WeakMap<RemoteModuleLoader, Map<string, LazyExoticComponent<ComponentType>>>();

/**
 * @param deferred the server rendered this slot: its HTML stays as it is, and its code loads (to hydrate it) only when
 *   the visitor nears it, as for any slot below the first screen
 */
function lazyRemote(loader: RemoteModuleLoader, id: RemoteModuleId, attempt: number, deferred: boolean) {
  let components = componentsByLoader.get(loader);
  if (!components) {
    components = new Map();
    componentsByLoader.set(loader, components);
  }
  const key = `${id}#${attempt}${deferred ? '#deferred' : ''}`;
  let component = components.get(key);
  if (!component) {
    component = lazy(() => (deferred ? whenWanted(id).then(() => loader(id)) : loader(id)));
    components.set(key, component);
  }
  return component;
}

/**
 * Space kept for a section on its way; it keeps the loading bar running meanwhile. Files that have not arrived by
 * their deadline (deadlines.sectionFilesMs) get the fallback, inside the same space (nothing moves); the section still
 * replaces it when they arrive.
 */
function SlotLoading({ sectionName, onRetry }: { sectionName: string; onRetry: () => void }) {
  const [late, setLate] = useState(false);
  useEffect(() => {
    const { loadStarted, loadFinished } = useEventBus.getState();
    loadStarted();
    const timer = setTimeout(() => setLate(true), deadlines.sectionFilesMs);
    return () => {
      clearTimeout(timer);
      loadFinished();
    };
  }, []);
  return (
    <div className={styles.loading} aria-busy="true">
      {late ? (
        <SectionFallback sectionName={sectionName} reason={{ kind: 'late' }} onRetry={onRetry} />
      ) : (
        <VisuallyHidden>Loading {sectionName}…</VisuallyHidden>
      )}
    </div>
  );
}

/** Tells its slot once the section is on the page: rendered here, or hydrated from the server's HTML. */
function Arrived({ onArrived }: { onArrived: () => void }) {
  useEffect(onArrived, [onArrived]);
  return null;
}

function RemoteSection({
  module,
  sectionName,
  onArrived,
}: Pick<PageSlot, 'module' | 'sectionName'> & { onArrived: () => void }) {
  const loader = useContext(RemoteLoaderContext);
  const server = useContext(ServerRenderContext);
  const [attempt, setAttempt] = useState(0);
  // On the server the module is loaded already; in the browser a server-rendered slot hydrates when it is wanted.
  const Section =
    (attempt === 0 ? server.components?.get(module) : undefined) ??
    lazyRemote(loader, module, attempt, attempt === 0 && server.rendered.has(module));
  const retry = () => setAttempt((count) => count + 1);
  return (
    <RemoteErrorBoundary key={attempt} module={module} sectionName={sectionName} onRetry={retry}>
      <Suspense fallback={<SlotLoading sectionName={sectionName} onRetry={retry} />}>
        <Section />
        <Arrived onArrived={onArrived} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

/**
 * Where a section's module appears. A slot the server rendered holds the section's HTML from the start and hydrates
 * when the section's code has loaded (at once near the first screen, otherwise as the visitor nears it). Any other slot
 * (the server had no time for it, or its section could not be rendered there, or the page was prerendered) shows
 * reserved space in the HTML and the first render, so the HTML and the hydrated page agree; the section then loads
 * when it is on or near the screen, or once the visitor scrolls towards it or engages with the page (see useWanted).
 */
export function RemoteSlot({ module, sectionName, reserve }: PageSlot) {
  const serverRendered = useContext(ServerRenderContext).rendered.has(module);
  const hydrated = useHydrated();
  const place = useRef<HTMLDivElement>(null);
  const wanted = useWanted(place, hydrated && !serverRendered);
  const [ready, setReady] = useState(false);
  const arrived = useCallback(() => setReady(true), []);
  return (
    <div
      ref={place}
      className={`${styles.slot} ${styles[reserve]}`}
      data-section={module}
      data-rendered={serverRendered ? 'server' : undefined}
      // The section is live: its code runs here (a server-rendered slot shows its HTML before that).
      data-ready={ready ? 'true' : undefined}
    >
      {serverRendered || (hydrated && wanted) ? (
        <RemoteSection module={module} sectionName={sectionName} onArrived={arrived} />
      ) : (
        <div className={styles.loading} aria-busy="true" />
      )}
    </div>
  );
}
