import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { subscribeToEvents } from '@site/shared-ui/eventBus';
import type { AnalyticsEvent } from '@site/shared-ui/analyticsEvents';
import { Footer } from '../Footer.tsx';

function renderFooter() {
  return render(
    <MemoryRouter>
      <Footer />
    </MemoryRouter>,
  );
}

describe('Footer', () => {
  it('shows the tagline, the five social profiles and the copyright with the current year', () => {
    renderFooter();
    expect(
      screen.getByText('Plan in decades. Think in years. Work by month. Live in days.'),
    ).toBeInTheDocument();
    const social = within(screen.getByRole('list', { name: 'Social profiles' })).getAllByRole('link');
    expect(social.map((link) => link.getAttribute('aria-label'))).toEqual([
      'Facebook (opens in a new tab)',
      'Instagram (opens in a new tab)',
      'YouTube (opens in a new tab)',
      'LinkedIn (opens in a new tab)',
      'GitHub (opens in a new tab)',
    ]);
    expect(screen.getByTestId('copyright-year')).toHaveTextContent(String(new Date().getFullYear()));
  });

  it('groups its links under About Me, My Content and Help', () => {
    renderFooter();
    const nav = screen.getByRole('navigation', { name: 'Footer' });
    expect(
      within(nav)
        .getAllByRole('heading')
        .map((heading) => heading.textContent),
    ).toEqual(['About Me', 'My Content', 'Help']);
    expect(within(nav).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/help/terms-of-service',
    );
  });

  it('records footer clicks as their own event', async () => {
    const user = userEvent.setup();
    const events: AnalyticsEvent[] = [];
    const stop = subscribeToEvents((event) => events.push(event));
    renderFooter();
    await user.click(screen.getByRole('link', { name: 'Privacy Policy' }));
    stop();
    expect(events).toEqual([{ name: 'userRoutesFromFooter', route: '/help/privacy-policy' }]);
  });
});
