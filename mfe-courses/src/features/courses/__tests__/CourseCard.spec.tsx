import { fireEvent, render, screen, within } from '@testing-library/react';
import type { AnalyticsEvent } from '@site/shared-ui/analyticsEvents';
import { subscribeToEvents } from '@site/shared-ui/eventBus';
import type { Course } from '@site/shared-ui/rows';
import { CourseCard } from '../CourseCard.tsx';
import { CourseGrid } from '../CourseGrid.tsx';

const course: Course = {
  id: '1',
  title: 'NestJS Fundamentals',
  description: 'Build a REST API with NestJS.',
  imagePath: 'https://cdn.example.com/nestjs.webp',
  platform: 'SKILLSHARE',
  keywords: ['nestjs', 'nodejs'],
  linkToCourse: 'https://www.skillshare.com/classes/nestjs',
};

describe('CourseCard', () => {
  it('shows the image, title, description, platform label and keyword tags', () => {
    const { container } = render(<CourseCard course={course} />);
    expect(screen.getByRole('heading', { level: 3, name: 'NestJS Fundamentals' })).toBeInTheDocument();
    expect(screen.getByText('Build a REST API with NestJS.')).toBeInTheDocument();
    expect(screen.getByText('SKILLSHARE')).toBeInTheDocument();
    const image = container.querySelector('img');
    expect(image).toHaveAttribute('src', course.imagePath);
    expect(image).toHaveAttribute('width', '480');
    expect(image).toHaveAttribute('height', '300');
    expect(image).toHaveAttribute('loading', 'lazy');
    const tags = within(screen.getByRole('list', { name: 'Keywords' })).getAllByRole('listitem');
    expect(tags.map((tag) => tag.textContent)).toEqual(['NESTJS', 'NODEJS']);
  });

  it('loads the image at once when asked to', () => {
    const { container } = render(<CourseCard course={course} eagerImage />);
    expect(container.querySelector('img')).toHaveAttribute('loading', 'eager');
  });

  it('opens the course in a new tab and records the view from its grid, also on a middle click', () => {
    const events: AnalyticsEvent[] = [];
    const unsubscribe = subscribeToEvents((event) => events.push(event));
    render(
      <CourseGrid
        status="ready"
        courses={[{ ...course, id: '2', title: 'Another' }, course]}
        onRetry={() => {}}
      />,
    );
    fireEvent.click(screen.getByRole('heading', { name: 'Another' }));
    const link = screen.getByRole('link', { name: /^View Course NestJS Fundamentals/ });
    expect(link).toHaveAttribute('href', course.linkToCourse);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    link.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(link);
    fireEvent(link, new MouseEvent('auxclick', { bubbles: true, button: 1 }));
    fireEvent(link, new MouseEvent('auxclick', { bubbles: true, button: 2 }));
    unsubscribe();
    expect(events).toEqual([
      { name: 'userViewsACourse', courseTitle: 'NestJS Fundamentals' },
      { name: 'userViewsACourse', courseTitle: 'NestJS Fundamentals' },
    ]);
  });
});
