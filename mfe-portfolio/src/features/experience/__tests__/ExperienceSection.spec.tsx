import { render, screen, within } from '@testing-library/react';
import { ExperienceSection } from '../ExperienceSection.tsx';

describe('ExperienceSection', () => {
  it('shows the three experience cards with the spec contents', () => {
    render(<ExperienceSection />);
    const cards = screen.getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Front-End Development',
      'Back-End Development',
      'Full-Stack Development',
    ]);
    const items = (index: number) =>
      within(cards[index]!)
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(cards[0]).toHaveTextContent('More than 100 websites');
    expect(items(0)).toEqual(['HTML', 'CSS', 'Bootstrap', 'JavaScript', 'Angular', 'RxJS', 'NGRX']);
    expect(items(1)).toEqual(['Node.js', 'Express.js', 'Nest.js']);
    expect(items(2)).toHaveLength(6);
    expect(items(2).join(' ')).toMatch(/todo.*chatbot.*crypto.*logistics.*event scheduler.*ad-tracking/i);
  });
});
