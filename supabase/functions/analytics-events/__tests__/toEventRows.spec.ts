// What analytics-events stores of a batch: a search's term in one spelling, whichever way it was searched (a keyword
// chip sends its label in capitals, a typed search what was typed), so one term is one row in the owner's queries.
import { storedSearchTerm, toEventRows } from '../handler.ts';

describe('a search term as stored', () => {
  it.each([
    ['TYPESCRIPT', 'typescript'],
    ['  TypeScript ', 'typescript'],
    ['node\u0000js\u200b now', 'node js now'],
  ])('%p is %p', (term, stored) => expect(storedSearchTerm(term)).toBe(stored));

  it("is the chip's and the typed search's one row", () => {
    const rows = toEventRows({
      events: [
        {
          name: 'userSearchForCourse',
          payload: { searchTerm: 'TYPESCRIPT', resultCount: 2 },
          route: '/courses',
        },
        {
          name: 'userSearchForCourse',
          payload: { searchTerm: 'typescript', resultCount: 2 },
          route: '/courses',
        },
        { name: 'userViewsACourse', payload: { courseTitle: 'TypeScript Deep Dive' }, route: '/courses' },
      ],
    });
    expect(rows?.map((row) => row.payload)).toEqual([
      { searchTerm: 'typescript', resultCount: 2 },
      { searchTerm: 'typescript', resultCount: 2 },
      { courseTitle: 'TypeScript Deep Dive' },
    ]);
  });
});
