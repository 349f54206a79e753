import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { AnalyticsEvent } from '@site/shared-ui/analyticsEvents';
import { subscribeToEvents } from '@site/shared-ui/eventBus';
import type { CatalogueQuery } from '@site/shared-ui/catalogueSearch';
import { useRecordCatalogueSearch } from '@site/shared-ui/catalogueSearch';
import { CourseSearch } from '../CourseSearch.tsx';
import { courseKeywords } from '../courseKeywords.ts';
import { recordCourseSearch, useCourseSearch } from '../useCourseSearch.ts';

const courses = [
  { title: 'Angular from scratch', keywords: ['angular', 'typescript'] },
  { title: 'Angular and NgRx', keywords: ['angular'] },
  { title: 'REST APIs with Node.js', keywords: ['nodejs', 'expressjs'] },
  { title: 'MongoDB for developers', keywords: ['mongodb', 'nodejs'] },
];

/** The database's match (search_catalogue, proven by its pgTAP tests): how many of the courses above a search finds. */
function matchCount(query: CatalogueQuery): number {
  return courses.filter((course) => {
    if (query.kind === 'keyword') return course.keywords.includes(query.keyword.toLowerCase());
    return query.kind === 'all' || course.title.toLowerCase().includes(query.term.toLowerCase());
  }).length;
}

// The search is the page's address: it lives in a router. Its answer is the count of the courses above it matches.
function SearchWithQuery() {
  const search = useCourseSearch();
  useRecordCatalogueSearch(search, recordCourseSearch, {
    status: 'ready',
    matches: matchCount(search.query),
  });
  return (
    <>
      <CourseSearch search={search} />
      <output aria-label="query">{JSON.stringify(search.query)}</output>
    </>
  );
}

function setUp() {
  const events: AnalyticsEvent[] = [];
  const unsubscribe = subscribeToEvents((event) => events.push(event));
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={['/courses']}>
      <SearchWithQuery />
    </MemoryRouter>,
  );
  const box = screen.getByRole('searchbox', { name: 'Search courses by title' });
  const query = () => JSON.parse(screen.getByRole('status', { name: 'query' }).textContent ?? '') as unknown;
  const chip = (name: string) => screen.getByRole('button', { name });
  return { events, unsubscribe, user, box, query, chip };
}

describe('CourseSearch', () => {
  it('shows the box with its placeholder and the 14 chips, none chosen', () => {
    const { box, unsubscribe } = setUp();
    expect(box).toHaveAttribute('placeholder', 'Search Courses...');
    const chips = screen.getAllByRole('button', { pressed: false });
    expect(chips.map((each) => each.textContent)).toEqual([...courseKeywords]);
    unsubscribe();
  });

  it('searches titles on submit and records the term with how many courses it found', async () => {
    const { events, unsubscribe, user, box, query } = setUp();
    await user.type(box, 'angular');
    expect(query()).toEqual({ kind: 'all' });
    expect(events).toEqual([]);
    await user.keyboard('{Enter}');
    expect(query()).toEqual({ kind: 'title', term: 'angular' });
    expect(events).toEqual([{ name: 'userSearchForCourse', searchTerm: 'angular', resultCount: 2 }]);
    unsubscribe();
  });

  it('puts a chip in the box, releases it when a typed term is searched, and clears on a second press', async () => {
    const { events, unsubscribe, user, box, query, chip } = setUp();
    await user.click(chip('NODEJS'));
    expect(box).toHaveValue('NODEJS');
    expect(chip('NODEJS')).toHaveAttribute('aria-pressed', 'true');
    expect(query()).toEqual({ kind: 'keyword', keyword: 'NODEJS' });

    await user.clear(box);
    expect(query()).toEqual({ kind: 'all' });
    expect(chip('NODEJS')).toHaveAttribute('aria-pressed', 'false');

    await user.click(chip('MONGODB'));
    await user.type(box, ' atlas');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(query()).toEqual({ kind: 'title', term: 'MONGODB atlas' });
    expect(chip('MONGODB')).toHaveAttribute('aria-pressed', 'false');

    await user.click(chip('CSS'));
    await user.click(chip('CSS'));
    expect(box).toHaveValue('');
    expect(query()).toEqual({ kind: 'all' });

    expect(events).toEqual([
      { name: 'userSearchForCourse', searchTerm: 'NODEJS', resultCount: 2 },
      { name: 'userSearchForCourse', searchTerm: 'MONGODB', resultCount: 1 },
      { name: 'userSearchForCourse', searchTerm: 'MONGODB atlas', resultCount: 0 },
      { name: 'userSearchForCourse', searchTerm: 'CSS', resultCount: 0 },
    ]);
    unsubscribe();
  });
});
