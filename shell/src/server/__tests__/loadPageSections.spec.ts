import type { ComponentType } from 'react';
import type { SectionLoader } from '@site/shared-ui/sectionData';
import type { RemoteComponentModule } from '../../federation/remoteModuleTypes.ts';
import { loadPageSections } from '../loadPageSections.ts';

const backend = { url: 'http://127.0.0.1:1', publishableKey: 'sb_publishable_test' };
const address = { path: '/portfolio', search: '' };
const Component: ComponentType = () => null;

const after = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('loading the sections of a page before it is rendered on the server', () => {
  it('renders every slot that is ready in time, with its loader data and the tables it read', async () => {
    const loader: SectionLoader = async ({ reads }) => {
      reads?.('projects');
      return { 'projects:created_at:desc': [{ id: '1' }] };
    };
    const modules: Record<string, RemoteComponentModule> = {
      'portfolio/PortfolioPage': { default: Component, loader },
      'help/HelpRoutes': { default: Component },
    };
    const loaded = await loadPageSections({
      modules: Object.keys(modules),
      address,
      load: async (id) => modules[id]!,
      backend,
      deadlineMs: 1_000,
    });
    expect([...loaded.components.keys()].sort()).toEqual(['help/HelpRoutes', 'portfolio/PortfolioPage']);
    expect(loaded.data).toEqual({ 'projects:created_at:desc': [{ id: '1' }] });
    expect([...loaded.tables]).toEqual(['projects']);
    expect(loaded.skipped.size).toBe(0);
  });

  it('gives each loader the address the page is rendered for: a search loads what its query asks for', async () => {
    const loader: SectionLoader = async ({ address: asked }) => ({ asked });
    const loaded = await loadPageSections({
      modules: ['courses/CoursesPage'],
      address: { path: '/courses', search: '?chip=ANGULAR&page=2' },
      load: async () => ({ default: Component, loader }),
      backend,
      deadlineMs: 1_000,
    });
    expect(loaded.data).toEqual({ asked: { path: '/courses', search: '?chip=ANGULAR&page=2' } });
  });

  it('leaves to the browser a slot whose section is missing, throws, or is late, and aborts its late request', async () => {
    let aborted = false;
    const slowLoader: SectionLoader = ({ signal }) =>
      new Promise((resolve) => {
        signal.addEventListener('abort', () => {
          aborted = true;
          resolve({});
        });
      });
    let lateOneCame = false;
    const loaded = await loadPageSections({
      modules: [
        'portfolio/PortfolioPage',
        'courses/CoursesPage',
        'tutorials/TutorialsPage',
        'help/HelpRoutes',
      ],
      load: async (id) => {
        if (id === 'portfolio/PortfolioPage') throw new Error('portfolio answered 404');
        if (id === 'courses/CoursesPage')
          return after(5_000, { default: Component }).finally(() => (lateOneCame = true));
        if (id === 'tutorials/TutorialsPage') return { default: Component, loader: slowLoader };
        return { default: Component };
      },
      address,
      backend,
      deadlineMs: 100,
    });
    // The page did not wait for the late section (its deadline came first, as timers fire in the order they are due).
    expect(lateOneCame).toBe(false);
    expect([...loaded.components.keys()]).toEqual(['help/HelpRoutes']);
    expect(Object.fromEntries(loaded.skipped)).toEqual({
      'portfolio/PortfolioPage': 'portfolio answered 404',
      'courses/CoursesPage': 'not ready within 100 ms',
      'tutorials/TutorialsPage': 'not ready within 100 ms',
    });
    expect(aborted).toBe(true);
  });
});
