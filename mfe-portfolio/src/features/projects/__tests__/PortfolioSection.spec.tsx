import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Project } from '@site/shared-ui/rows';
import type { AnalyticsEvent } from '@site/shared-ui/analyticsEvents';
import { subscribeToEvents } from '@site/shared-ui/eventBus';
import { PortfolioSection } from '../PortfolioSection.tsx';

function project(id: string, title: string, keywords: string[]): Project {
  return {
    id,
    title,
    description: `About ${title}`,
    imagePath: `https://example.test/${id}.webp`,
    keywords,
    linkToProject: `https://example.test/${id}`,
    featuredRank: null,
  };
}

const projects = [
  project('1', 'Task Board', ['angular', 'rxjs']),
  project('2', 'Crypto Wallet', ['nest.js', 'websockets']),
  project('3', 'Bakery Landing Page', ['html', 'css']),
];

function cardTitles() {
  const list = screen.queryByRole('list', { name: 'Portfolio projects' });
  if (!list) return [];
  return within(list)
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);
}

function recordEvents() {
  const events: AnalyticsEvent[] = [];
  const stop = subscribeToEvents((event) => events.push(event));
  return { events, stop };
}

describe('PortfolioSection', () => {
  it('shows every project, with the search box, its Search button and the eight chips', () => {
    render(<PortfolioSection onRetry={() => undefined} status="ready" projects={projects} />);
    expect(cardTitles()).toEqual(['Task Board', 'Crypto Wallet', 'Bakery Landing Page']);
    expect(screen.getByRole('searchbox', { name: 'Search projects by title' })).toHaveAttribute(
      'placeholder',
      'Search Projects...',
    );
    expect(screen.getByRole('button', { name: 'Search' })).toBeInTheDocument();
    const chips = within(screen.getByRole('list', { name: 'Filter projects by keyword' })).getAllByRole(
      'button',
    );
    expect(chips.map((chip) => chip.textContent)).toEqual([
      'HTML',
      'CSS',
      'BOOTSTRAP',
      'JAVASCRIPT',
      'ANGULAR',
      'NEST.JS',
      'STATAMIC',
      'WEBSOCKETS',
    ]);
    expect(screen.queryByRole('heading', { level: 2 })).toHaveClass('visuallyHidden');
  });

  it('searches titles on submit, whatever the case, and records the search', async () => {
    const user = userEvent.setup();
    const { events, stop } = recordEvents();
    render(<PortfolioSection onRetry={() => undefined} status="ready" projects={projects} />);
    await user.type(screen.getByRole('searchbox'), 'BOARD');
    expect(cardTitles()).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(cardTitles()).toEqual(['Task Board']);
    expect(screen.getByRole('status')).toHaveTextContent('1 project with “BOARD” in the title.');
    stop();
    expect(events).toEqual([{ name: 'userSearchForProject', searchTerm: 'BOARD', resultCount: 1 }]);
  });

  it('records a search that finds nothing with a count of 0, and one asked while loading once the projects came', async () => {
    const user = userEvent.setup();
    const { events, stop } = recordEvents();
    const view = render(<PortfolioSection onRetry={() => undefined} status="loading" projects={[]} />);
    await user.type(screen.getByRole('searchbox'), 'wallet');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(events).toEqual([]);
    view.rerender(<PortfolioSection onRetry={() => undefined} status="ready" projects={projects} />);
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'cobol');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    stop();
    expect(events).toEqual([
      { name: 'userSearchForProject', searchTerm: 'wallet', resultCount: 1 },
      { name: 'userSearchForProject', searchTerm: 'cobol', resultCount: 0 },
    ]);
  });

  it('filters by a chip, shows its keyword in the box, and releases it when pressed again', async () => {
    const user = userEvent.setup();
    const { events, stop } = recordEvents();
    render(<PortfolioSection onRetry={() => undefined} status="ready" projects={projects} />);
    const chip = screen.getByRole('button', { name: 'NEST.JS' });
    await user.click(chip);
    expect(chip).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('searchbox')).toHaveValue('NEST.JS');
    expect(cardTitles()).toEqual(['Crypto Wallet']);
    await user.click(chip);
    expect(chip).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('searchbox')).toHaveValue('');
    expect(cardTitles()).toHaveLength(3);
    stop();
    expect(events).toEqual([{ name: 'userSearchForProject', searchTerm: 'NEST.JS', resultCount: 1 }]);
  });

  it('switches from a chip to a title search when a new term is searched', async () => {
    const user = userEvent.setup();
    render(<PortfolioSection onRetry={() => undefined} status="ready" projects={projects} />);
    await user.click(screen.getByRole('button', { name: 'ANGULAR' }));
    const box = screen.getByRole('searchbox');
    await user.clear(box);
    await user.type(box, 'bakery{Enter}');
    expect(screen.getByRole('button', { name: 'ANGULAR' })).toHaveAttribute('aria-pressed', 'false');
    expect(cardTitles()).toEqual(['Bakery Landing Page']);
  });

  it('restores the full list when the box is emptied', async () => {
    const user = userEvent.setup();
    render(<PortfolioSection onRetry={() => undefined} status="ready" projects={projects} />);
    const box = screen.getByRole('searchbox');
    await user.type(box, 'crypto{Enter}');
    expect(cardTitles()).toEqual(['Crypto Wallet']);
    await user.clear(box);
    expect(cardTitles()).toHaveLength(3);
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('says so when nothing matches, and offers the full list back', async () => {
    const user = userEvent.setup();
    render(<PortfolioSection onRetry={() => undefined} status="ready" projects={projects} />);
    await user.type(screen.getByRole('searchbox'), 'kubernetes{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('No project title contains “kubernetes”.');
    expect(cardTitles()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Show all projects' }));
    expect(cardTitles()).toHaveLength(3);
    expect(screen.getByRole('searchbox')).toHaveFocus();
  });

  it('keeps the search applied when the projects change', async () => {
    const user = userEvent.setup();
    const { rerender } = render(
      <PortfolioSection onRetry={() => undefined} status="ready" projects={projects} />,
    );
    await user.click(screen.getByRole('button', { name: 'CSS' }));
    expect(cardTitles()).toEqual(['Bakery Landing Page']);
    rerender(
      <PortfolioSection
        onRetry={() => undefined}
        status="ready"
        projects={[...projects, project('4', 'Portfolio Theme', ['css']), project('5', 'Chat', ['nest.js'])]}
      />,
    );
    expect(cardTitles()).toEqual(['Bakery Landing Page', 'Portfolio Theme']);
    expect(screen.getByRole('button', { name: 'CSS' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('records the project a visitor opens, in a new tab', async () => {
    const user = userEvent.setup();
    const { events, stop } = recordEvents();
    render(<PortfolioSection onRetry={() => undefined} status="ready" projects={projects} />);
    const link = screen.getByRole('link', { name: /^View Project\W+Crypto Wallet/ });
    expect(link).toHaveAttribute('href', 'https://example.test/2');
    expect(link).toHaveAttribute('target', '_blank');
    link.addEventListener('click', (event) => event.preventDefault());
    await user.click(link);
    stop();
    expect(events).toEqual([{ name: 'userViewsTheProject', projectTitle: 'Crypto Wallet' }]);
  });

  it('loads the first row of images at once and the rest lazily', () => {
    render(
      <PortfolioSection
        onRetry={() => undefined}
        status="ready"
        projects={[...projects, project('4', 'Fourth', []), project('5', 'Fifth', [])]}
      />,
    );
    const images = screen.getAllByRole('img');
    expect(images.map((image) => image.getAttribute('loading'))).toEqual([
      'eager',
      'eager',
      'eager',
      'lazy',
      'lazy',
    ]);
    expect(images[0]).toHaveAttribute('width', '480');
    expect(images[0]).toHaveAttribute('height', '300');
  });

  it('keeps space with placeholder cards while loading', () => {
    const { container } = render(
      <PortfolioSection onRetry={() => undefined} status="loading" projects={[]} />,
    );
    expect(container.querySelector('[aria-busy="true"]')?.children.length).toBeGreaterThan(1);
    expect(cardTitles()).toEqual([]);
  });

  it('says there are no projects yet when the list is empty', () => {
    render(<PortfolioSection onRetry={() => undefined} status="ready" projects={[]} />);
    expect(screen.getByText(/There are no projects to show just now/)).toBeInTheDocument();
  });

  it('says the projects could not be loaded, over the placeholders, with a way to try again at once', () => {
    const retried: string[] = [];
    const { container } = render(
      <PortfolioSection onRetry={() => retried.push('retry')} status="error" projects={[]} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The projects could not be loaded right now.');
    expect(screen.queryByText(/There are no projects to show just now/)).not.toBeInTheDocument();
    // The placeholders keep the grid's height, hidden from assistive technology.
    expect(container.querySelector('ul[aria-hidden="true"]')?.children.length).toBeGreaterThan(1);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retried).toEqual(['retry']);
  });
});
