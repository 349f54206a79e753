import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { Project } from '@site/shared-ui/rows';
import type { AnalyticsEvent } from '@site/shared-ui/analyticsEvents';
import { subscribeToEvents } from '@site/shared-ui/eventBus';
import type { CatalogueQuery } from '@site/shared-ui/catalogueSearch';
import { cataloguePageSize } from '@site/shared-ui/searchAddress';
import type { LoadStatus } from '@site/shared-ui/useLiveTable';
import { PortfolioSection } from '../PortfolioSection.tsx';
import { useProjectSearch } from '../useProjectSearch.ts';

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

/** The results the page is given, as the database would choose them over the projects given here: the section shows
 *  what it is given and never matches itself. The match is search_catalogue's (a title term in any case, whole
 *  keywords), proven on the database by catalogue_search.test.sql and on the site by e2e portfolio/search.spec.ts. */
function matches(project: Project, query: CatalogueQuery): boolean {
  if (query.kind === 'keyword') return project.keywords.includes(query.keyword.toLowerCase());
  return query.kind === 'all' || project.title.toLowerCase().includes(query.term.toLowerCase());
}

/**
 * The page as the browser has it: the search is the address (a router here), and the results are the page of
 * projects the address asks for.
 */
function Portfolio({ rows, status }: { rows: readonly Project[]; status: LoadStatus }) {
  const search = useProjectSearch();
  const matching = rows.filter((project) => matches(project, search.query));
  const { page } = search.address;
  return (
    <PortfolioSection
      search={search}
      results={{
        status,
        firstLoad: status === 'loading',
        items: matching.slice((page - 1) * cataloguePageSize, page * cataloguePageSize),
        matches: matching.length,
        total: rows.length,
        pageCount: Math.max(1, Math.ceil(matching.length / cataloguePageSize)),
        retry: () => retried.push('retry'),
      }}
    />
  );
}

let retried: string[] = [];

function Address() {
  const { pathname, search } = useLocation();
  return <output aria-label="address">{`${pathname}${search}`}</output>;
}

function renderPortfolio({
  rows = projects,
  status = 'ready',
  at = '/portfolio',
}: { rows?: readonly Project[]; status?: LoadStatus; at?: string } = {}) {
  retried = [];
  const page = (shown: readonly Project[], now: LoadStatus = status) => (
    <MemoryRouter initialEntries={[at]}>
      <Routes>
        <Route
          path="/portfolio"
          element={
            <>
              <Portfolio rows={shown} status={now} />
              <Address />
            </>
          }
        />
      </Routes>
    </MemoryRouter>
  );
  const rendered = render(page(rows));
  return {
    ...rendered,
    rerenderWith: (shown: readonly Project[], now?: LoadStatus) => rendered.rerender(page(shown, now)),
  };
}

const address = () => screen.getByRole('status', { name: 'address' }).textContent;

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
  it('shows the page of projects, with the search box, its Search button and the eight chips', () => {
    renderPortfolio();
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
    // One page: no way to other pages.
    expect(screen.queryByRole('navigation', { name: 'Pages of projects' })).not.toBeInTheDocument();
  });

  it('is a GET form without JavaScript: the term is q, each chip submits chip= its keyword (the chosen one, empty)', () => {
    renderPortfolio({ at: '/portfolio?chip=CSS' });
    const form = screen.getByRole('search');
    expect(form).toHaveAttribute('method', 'get');
    expect(screen.getByRole('searchbox')).toHaveAttribute('name', 'q');
    const chip = (name: string) => screen.getByRole('button', { name });
    for (const [name, value] of [
      ['HTML', 'HTML'],
      ['CSS', ''],
    ] as const) {
      expect(chip(name)).toHaveAttribute('type', 'submit');
      expect(chip(name)).toHaveAttribute('form', form.id);
      expect(chip(name)).toHaveAttribute('name', 'chip');
      expect(chip(name)).toHaveAttribute('value', value);
    }
  });

  it('searches titles on submit: the address becomes the search as typed, capitals kept, and the search is recorded as typed', async () => {
    const user = userEvent.setup();
    const { events, stop } = recordEvents();
    renderPortfolio();
    await user.type(screen.getByRole('searchbox'), 'BOARD');
    // Typing alone goes nowhere.
    expect(address()).toBe('/portfolio');
    expect(cardTitles()).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(address()).toBe('/portfolio?q=BOARD');
    expect(cardTitles()).toEqual(['Task Board']);
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent(
      '1 project with “BOARD” in the title.',
    );
    stop();
    expect(events).toEqual([{ name: 'userSearchForProject', searchTerm: 'BOARD', resultCount: 1 }]);
  });

  it('records a search that finds nothing with a count of 0, and one asked while loading once the projects came', async () => {
    const user = userEvent.setup();
    const { events, stop } = recordEvents();
    const { rerenderWith } = renderPortfolio({ rows: [], status: 'loading' });
    await user.type(screen.getByRole('searchbox'), 'wallet');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(events).toEqual([]);
    rerenderWith(projects, 'ready');
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
    renderPortfolio();
    const chip = screen.getByRole('button', { name: 'NEST.JS' });
    await user.click(chip);
    expect(address()).toBe('/portfolio?chip=NEST.JS');
    expect(chip).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('searchbox')).toHaveValue('NEST.JS');
    expect(cardTitles()).toEqual(['Crypto Wallet']);
    await user.click(chip);
    expect(address()).toBe('/portfolio');
    expect(chip).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('searchbox')).toHaveValue('');
    expect(cardTitles()).toHaveLength(3);
    stop();
    expect(events).toEqual([{ name: 'userSearchForProject', searchTerm: 'NEST.JS', resultCount: 1 }]);
  });

  it('switches from a chip to a title search when a new term is searched', async () => {
    const user = userEvent.setup();
    renderPortfolio();
    await user.click(screen.getByRole('button', { name: 'ANGULAR' }));
    const box = screen.getByRole('searchbox');
    await user.clear(box);
    await user.type(box, 'bakery{Enter}');
    expect(screen.getByRole('button', { name: 'ANGULAR' })).toHaveAttribute('aria-pressed', 'false');
    expect(address()).toBe('/portfolio?q=bakery');
    expect(cardTitles()).toEqual(['Bakery Landing Page']);
  });

  it('restores the full list when the box is emptied', async () => {
    const user = userEvent.setup();
    renderPortfolio();
    const box = screen.getByRole('searchbox');
    await user.type(box, 'crypto{Enter}');
    expect(cardTitles()).toEqual(['Crypto Wallet']);
    await user.clear(box);
    expect(address()).toBe('/portfolio');
    expect(cardTitles()).toHaveLength(3);
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('');
  });

  it('shows the search an address asks for, in the box and the chips, and records nothing for it', () => {
    const { events, stop } = recordEvents();
    renderPortfolio({ at: '/portfolio?chip=CSS' });
    expect(screen.getByRole('searchbox')).toHaveValue('CSS');
    expect(screen.getByRole('button', { name: 'CSS' })).toHaveAttribute('aria-pressed', 'true');
    expect(cardTitles()).toEqual(['Bakery Landing Page']);
    stop();
    expect(events).toEqual([]);
  });

  it('says so when nothing matches, and offers the full list back, a link that works without JavaScript', async () => {
    const user = userEvent.setup();
    renderPortfolio();
    await user.type(screen.getByRole('searchbox'), 'kubernetes{Enter}');
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent(
      'No project title contains “kubernetes”.',
    );
    expect(cardTitles()).toEqual([]);
    const showAll = screen.getByRole('link', { name: 'Show all projects' });
    expect(showAll).toHaveAttribute('href', '/portfolio');
    await user.click(showAll);
    expect(address()).toBe('/portfolio');
    expect(cardTitles()).toHaveLength(3);
    expect(screen.getByRole('searchbox')).toHaveFocus();
  });

  it('keeps the search applied when the projects change', async () => {
    const user = userEvent.setup();
    const { rerenderWith } = renderPortfolio();
    await user.click(screen.getByRole('button', { name: 'CSS' }));
    expect(cardTitles()).toEqual(['Bakery Landing Page']);
    rerenderWith([...projects, project('4', 'Portfolio Theme', ['css']), project('5', 'Chat', ['nest.js'])]);
    expect(cardTitles()).toEqual(['Bakery Landing Page', 'Portfolio Theme']);
    expect(screen.getByRole('button', { name: 'CSS' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows a page of results, with links to the pages before and after it that keep the search', () => {
    const many = Array.from({ length: 2 * cataloguePageSize + 3 }, (_, index) =>
      project(String(index + 1), `Board ${index + 1}`, []),
    );
    renderPortfolio({ rows: many, at: '/portfolio?q=board&page=2' });
    expect(cardTitles()).toHaveLength(cataloguePageSize);
    expect(cardTitles()[0]).toBe(`Board ${cataloguePageSize + 1}`);
    const pages = screen.getByRole('navigation', { name: 'Pages of projects' });
    expect(pages).toHaveTextContent('Page 2 of 3');
    expect(within(pages).getByRole('link', { name: 'Previous page' })).toHaveAttribute(
      'href',
      '/portfolio?q=board#project-results',
    );
    const next = within(pages).getByRole('link', { name: 'Next page' });
    expect(next).toHaveAttribute('href', '/portfolio?q=board&page=3#project-results');
    expect(next).toHaveAttribute('rel', 'next');
    fireEvent.click(next);
    expect(address()).toBe('/portfolio?q=board&page=3');
    expect(cardTitles()).toHaveLength(3);
    expect(within(pages).queryByRole('link', { name: 'Next page' })).not.toBeInTheDocument();
  });

  it('records the project a visitor opens, in a new tab', async () => {
    const user = userEvent.setup();
    const { events, stop } = recordEvents();
    renderPortfolio();
    const link = screen.getByRole('link', { name: /^View Project\W+Crypto Wallet/ });
    expect(link).toHaveAttribute('href', 'https://example.test/2');
    expect(link).toHaveAttribute('target', '_blank');
    link.addEventListener('click', (event) => event.preventDefault());
    await user.click(link);
    stop();
    expect(events).toEqual([{ name: 'userViewsTheProject', projectTitle: 'Crypto Wallet' }]);
  });

  it('loads the first row of images at once and the rest lazily', () => {
    renderPortfolio({ rows: [...projects, project('4', 'Fourth', []), project('5', 'Fifth', [])] });
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
    const { container } = renderPortfolio({ rows: [], status: 'loading' });
    expect(container.querySelector('[aria-busy="true"]')?.children.length).toBeGreaterThan(1);
    expect(cardTitles()).toEqual([]);
  });

  it('says there are no projects yet when the list is empty', () => {
    renderPortfolio({ rows: [] });
    expect(screen.getByText(/There are no projects to show just now/)).toBeInTheDocument();
  });

  it('says the projects could not be loaded, over the placeholders, with a way to try again at once', () => {
    const { container } = renderPortfolio({ rows: [], status: 'error' });
    expect(screen.getByRole('alert')).toHaveTextContent('The projects could not be loaded right now.');
    expect(screen.queryByText(/There are no projects to show just now/)).not.toBeInTheDocument();
    // The placeholders keep the grid's height, hidden from assistive technology.
    expect(container.querySelector('ul[aria-hidden="true"]')?.children.length).toBeGreaterThan(1);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retried).toEqual(['retry']);
  });
});
