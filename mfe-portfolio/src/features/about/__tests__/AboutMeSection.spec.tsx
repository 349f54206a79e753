import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { owner } from '@site/shared-ui/owner';
import type { AnalyticsEvent } from '@site/shared-ui/analyticsEvents';
import { subscribeToEvents } from '@site/shared-ui/eventBus';
import { AboutMeSection } from '../AboutMeSection.tsx';

describe('AboutMeSection', () => {
  it('shows the portrait with its size, the job title and the summary', () => {
    render(<AboutMeSection />);
    const photo = screen.getByRole('img', { name: `Illustrated portrait of ${owner.name}` });
    expect(photo).toHaveAttribute('width', '600');
    expect(photo).toHaveAttribute('height', '600');
    expect(screen.getByRole('heading', { level: 2, name: owner.jobTitle })).toBeInTheDocument();
    expect(screen.getByText(/more than 6 years of experience/)).toBeInTheDocument();
  });

  it('lists the personal facts from the owner data', () => {
    const { container } = render(<AboutMeSection />);
    const facts = Array.from(container.querySelectorAll('dl > div')).map((row) => [
      row.querySelector('dt')?.textContent,
      row.querySelector('dd')?.textContent,
    ]);
    expect(facts).toEqual([
      ['Name', owner.name],
      ['Birthday', owner.birthday],
      ['City', owner.city],
      ['Country', owner.country],
      ['Website', 'alexmorgan.dev'],
      ['Email', owner.email],
      ['Hobbies', owner.hobbies.join(', ')],
    ]);
    expect(screen.getByRole('link', { name: owner.email })).toHaveAttribute('href', `mailto:${owner.email}`);
  });

  it('opens the résumé in a new tab and records userViewsCV', async () => {
    const events: AnalyticsEvent[] = [];
    const stop = subscribeToEvents((event) => events.push(event));
    render(<AboutMeSection />);
    const link = screen.getByRole('link', { name: /^View Resume/ });
    expect(link).toHaveAttribute('href', owner.resumeUrl);
    expect(link).toHaveAttribute('target', '_blank');
    expect(within(link).getByText(/opens in a new tab/)).toBeInTheDocument();
    link.addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(link);
    stop();
    expect(events).toEqual([{ name: 'userViewsCV' }]);
  });
});
