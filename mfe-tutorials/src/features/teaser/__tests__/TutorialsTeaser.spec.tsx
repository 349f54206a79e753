import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { owner } from '@site/shared-ui/owner';
import { TutorialsTeaser } from '../TutorialsTeaser.tsx';

describe('TutorialsTeaser', () => {
  beforeEach(() => {
    render(
      <MemoryRouter>
        <TutorialsTeaser />
      </MemoryRouter>,
    );
  });

  it('is a section headed at level 2 that introduces the channel', () => {
    const section = screen.getByRole('region', { name: 'Free video tutorials on YouTube' });
    expect(within(section).getByRole('heading', { level: 2 })).toBeInTheDocument();
    expect(section).toHaveTextContent(owner.channel.name);
  });

  it('shows the fixed channel figures with a plus sign', () => {
    const figures = within(screen.getByRole('list', { name: 'The channel in numbers' })).getAllByRole(
      'listitem',
    );
    expect(figures.map((figure) => figure.textContent)).toEqual([
      '1700+subscribers',
      '210000+views',
      '9400+hours watched',
    ]);
  });

  it('leads to /tutorials', () => {
    expect(screen.getByRole('link', { name: 'View More' })).toHaveAttribute('href', '/tutorials');
  });

  it('opens the channel to subscribe in a new tab', () => {
    const link = screen.getByRole('link', { name: 'Subscribe on YouTube (opens in a new tab)' });
    expect(link).toHaveAttribute('href', owner.channel.subscribeUrl);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
