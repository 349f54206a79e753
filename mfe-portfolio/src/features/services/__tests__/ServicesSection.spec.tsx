import { render, screen, within } from '@testing-library/react';
import { ServicesSection } from '../ServicesSection.tsx';

describe('ServicesSection', () => {
  it('shows the six services, each with a title, a description and a decorative icon', () => {
    const { container } = render(<ServicesSection />);
    const cards = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'MEAN Stack Development',
      'Quality Assurance Testing',
      'Web App Development',
      'Fully Responsive',
      'Code Quality',
      'Pixel Perfect',
    ]);
    for (const card of cards) expect(card.querySelector('p')?.textContent?.length).toBeGreaterThan(20);
    expect(container.querySelectorAll('svg[aria-hidden="true"]')).toHaveLength(6);
  });
});
