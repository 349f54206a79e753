import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Project } from '@site/shared-ui/rows';
import { FeaturedProjectsSection } from '../FeaturedProjectsSection.tsx';

function project(id: string, title: string, featuredRank: number | null): Project {
  return {
    id,
    title,
    description: `About ${title}`,
    imagePath: `https://example.test/${id}.webp`,
    keywords: [],
    linkToProject: `https://example.test/${id}`,
    featuredRank,
  };
}

function renderSection(projects: Project[], status: 'loading' | 'ready' = 'ready') {
  return render(
    <MemoryRouter>
      <FeaturedProjectsSection status={status} projects={projects} onRetry={() => undefined} />
    </MemoryRouter>,
  );
}

describe('FeaturedProjectsSection', () => {
  it('shows the featured projects by rank under its heading, and View More to /portfolio', () => {
    renderSection([
      project('a', 'Not Featured', null),
      project('b', 'Third', 3),
      project('c', 'First', 1),
      project('d', 'Second', 2),
    ]);
    expect(screen.getByRole('heading', { level: 2, name: 'Featured Projects' })).toBeInTheDocument();
    expect(screen.getByText('Projects')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Featured Projects' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['First', 'Second', 'Third']);
    expect(
      within(list)
        .getAllByRole('img')
        .every((image) => image.getAttribute('loading') === 'lazy'),
    ).toBe(true);
    expect(screen.getByRole('link', { name: 'View More projects' })).toHaveAttribute('href', '/portfolio');
  });

  it('reserves three cards while loading', () => {
    const { container } = renderSection([], 'loading');
    expect(container.querySelectorAll('[aria-busy="true"] > [aria-hidden="true"]')).toHaveLength(3);
  });

  it('says featured projects are coming when none is featured', () => {
    renderSection([project('a', 'Not Featured', null)]);
    expect(screen.getByText(/Featured projects are on their way/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View More projects' })).toBeInTheDocument();
  });
});
