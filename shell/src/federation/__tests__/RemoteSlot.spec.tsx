import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEventBus } from '@site/shared-ui/eventBus';
import { RemoteLoaderContext } from '../RemoteLoaderContext.ts';
import { RemoteSlot } from '../RemoteSlot.tsx';
import type { RemoteModuleLoader } from '../remoteModuleTypes.ts';

function Projects() {
  return <p>Three featured projects</p>;
}

function renderSlot(loader: RemoteModuleLoader) {
  return render(
    <RemoteLoaderContext value={loader}>
      <RemoteSlot module="portfolio/FeaturedProjects" sectionName="Featured projects" reserve="section" />
      <p>The rest of the page</p>
    </RemoteLoaderContext>,
  );
}

describe('RemoteSlot', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));

  it('shows the section once its module arrives, keeping the loading bar running meanwhile', async () => {
    let arrive!: () => void;
    const loader: RemoteModuleLoader = () =>
      new Promise((resolve) => (arrive = () => resolve({ default: Projects })));
    renderSlot(loader);
    expect(await screen.findByText('Loading Featured projects…')).toBeInTheDocument();
    expect(useEventBus.getState().pendingLoads).toBe(1);
    arrive();
    expect(await screen.findByText('Three featured projects')).toBeInTheDocument();
    expect(useEventBus.getState().pendingLoads).toBe(0);
  });

  it('shows a small fallback when the section cannot load, and the rest of the page stays', async () => {
    renderSlot(() => Promise.reject(new Error('connection refused')));
    expect(await screen.findByText(/could not be loaded right now/)).toBeInTheDocument();
    expect(screen.getByText('Featured projects')).toBeInTheDocument();
    expect(screen.getByText('The rest of the page')).toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith(
      '[Featured projects] section failed:',
      'connection refused',
      expect.any(String),
    );
  });

  it('tries again on request, and shows the section when it arrives this time', async () => {
    const user = userEvent.setup();
    const loader = jest
      .fn<ReturnType<RemoteModuleLoader>, Parameters<RemoteModuleLoader>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ default: Projects });
    renderSlot(loader);
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Three featured projects')).toBeInTheDocument();
    expect(loader).toHaveBeenCalledTimes(2);
    expect(loader).toHaveBeenLastCalledWith('portfolio/FeaturedProjects');
  });

  it('contains a section that fails while rendering', async () => {
    function Broken(): never {
      throw new Error('bad data');
    }
    renderSlot(() => Promise.resolve({ default: Broken }));
    expect(await screen.findByTestId('section-fallback')).toBeInTheDocument();
    expect(screen.getByText('The rest of the page')).toBeInTheDocument();
  });
});
