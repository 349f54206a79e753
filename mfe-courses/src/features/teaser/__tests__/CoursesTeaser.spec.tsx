import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { owner } from '@site/shared-ui/owner';
import { CoursesTeaser } from '../CoursesTeaser.tsx';

describe('CoursesTeaser', () => {
  beforeEach(() => {
    render(
      <MemoryRouter>
        <CoursesTeaser />
      </MemoryRouter>,
    );
  });

  it('is a section headed at level 2 with one card per course platform', () => {
    const section = screen.getByRole('region', { name: 'Learn web development with my courses' });
    const cards = within(section).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Udemy',
      'Skillshare',
    ]);
    expect(within(cards[0]!).getByRole('img', { name: 'Udemy' })).toBeInTheDocument();
    expect(within(cards[1]!).getByRole('img', { name: 'Skillshare' })).toBeInTheDocument();
  });

  it.each([
    ['Udemy', owner.coursePlatforms.UDEMY],
    ['Skillshare', owner.coursePlatforms.SKILLSHARE],
  ])('links to the %s profile in a new tab', (name, href) => {
    const link = screen.getByRole('link', { name: `Visit ${name} (opens in a new tab)` });
    expect(link).toHaveAttribute('href', href);
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('leads to every course', () => {
    expect(screen.getByRole('link', { name: 'Visit All Courses' })).toHaveAttribute('href', '/courses');
  });
});
