import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { subscribeToEvents } from '@site/shared-ui/eventBus';
import type { AnalyticsEvent } from '@site/shared-ui/analyticsEvents';
import { Navbar } from '../Navbar.tsx';

function renderNavbar(path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Navbar />
    </MemoryRouter>,
  );
}

function scrollTo(y: number) {
  act(() => {
    window.scrollY = y;
    window.dispatchEvent(new Event('scroll'));
  });
}

describe('Navbar', () => {
  it('links the five pages and opens the blog in a new tab', () => {
    renderNavbar();
    const menu = screen.getByRole('navigation', { name: 'Main' });
    const names = within(menu)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names).toEqual([
      'Alex Morgan',
      'Home',
      'About',
      'Portfolio',
      'Tutorials',
      'Courses',
      'Blog (opens in a new tab)',
    ]);
    const blog = within(menu).getByRole('link', { name: /Blog/ });
    expect(blog).toHaveAttribute('target', '_blank');
    expect(blog).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('marks the current page', () => {
    renderNavbar('/courses');
    expect(screen.getByRole('link', { name: 'Courses' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('shrinks once the page is scrolled more than 100 px', () => {
    renderNavbar();
    const header = screen.getByRole('banner');
    scrollTo(100);
    expect(header).toHaveAttribute('data-compact', 'false');
    scrollTo(101);
    expect(header).toHaveAttribute('data-compact', 'true');
    scrollTo(0);
    expect(header).toHaveAttribute('data-compact', 'false');
  });

  it('records the route of a clicked item', async () => {
    const user = userEvent.setup();
    const events: AnalyticsEvent[] = [];
    const stop = subscribeToEvents((event) => events.push(event));
    renderNavbar();
    await user.click(screen.getByRole('link', { name: 'Tutorials' }));
    stop();
    expect(events).toEqual([{ name: 'userRoutes', route: '/tutorials' }]);
  });
});
