import { act, renderHook } from '@testing-library/react';
import { useRecordShownSearch, useSearchLog, type ShownSearchAnswer } from '@site/shared-ui/catalogueSearch';

/** A section whose answer the test shows when it likes (as a search answered by the server). */
function renderSection(initiallyShown?: ShownSearchAnswer) {
  const recorded: [string, number | undefined][] = [];
  const record = (term: string, resultCount: number | undefined) => recorded.push([term, resultCount]);
  const view = renderHook(
    ({ shown }: { shown: ShownSearchAnswer | undefined }) => {
      const log = useSearchLog();
      useRecordShownSearch(log, record, shown);
      return log.searched;
    },
    { initialProps: { shown: initiallyShown } },
  );
  return {
    recorded,
    search: (term: string) => act(() => view.result.current(term)),
    show: (shown: ShownSearchAnswer | undefined) => view.rerender({ shown }),
    leave: () => view.unmount(),
  };
}

describe('searchRecord', () => {
  it('records a search once its answer is shown, with how many results it showed', () => {
    const section = renderSection({ term: '', resultCount: 12 });
    section.show(undefined);
    section.search('cobol');
    expect(section.recorded).toEqual([]);
    section.show({ term: 'cobol', resultCount: 0 });
    expect(section.recorded).toEqual([['cobol', 0]]);
    section.show({ term: 'cobol', resultCount: 1 });
    expect(section.recorded).toEqual([['cobol', 0]]);
  });

  it('records a search answered at once (a list filtered in the page), every time it is asked', () => {
    const section = renderSection({ term: 'angular', resultCount: 3 });
    section.search('angular');
    section.search('angular');
    expect(section.recorded).toEqual([
      ['angular', 3],
      ['angular', 3],
    ]);
  });

  it('does not take the answer to another term for the newest search', () => {
    const section = renderSection({ term: 'react', resultCount: 4 });
    section.search('vue');
    expect(section.recorded).toEqual([]);
    section.show({ term: 'vue', resultCount: 2 });
    expect(section.recorded).toEqual([['vue', 2]]);
  });

  it('records a search replaced before its answer came without a count, and the newer one with its own', () => {
    const section = renderSection(undefined);
    section.search('node');
    section.search('nodejs');
    expect(section.recorded).toEqual([['node', undefined]]);
    section.show({ term: 'nodejs', resultCount: 5 });
    expect(section.recorded).toEqual([
      ['node', undefined],
      ['nodejs', 5],
    ]);
  });

  it('records a search still unanswered when the visitor leaves, without a count', () => {
    const section = renderSection(undefined);
    section.search('graphql');
    section.leave();
    expect(section.recorded).toEqual([['graphql', undefined]]);
  });

  it('records nothing twice when the visitor leaves after the answer', () => {
    const section = renderSection({ term: 'css', resultCount: 1 });
    section.search('css');
    section.leave();
    expect(section.recorded).toEqual([['css', 1]]);
  });
});
