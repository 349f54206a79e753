import { useCallback, useRef, useState } from 'react';
import { publish } from '@site/shared-ui/eventBus';
import {
  initialCourseSearch,
  nextCourseSearch,
  type CourseSearchAction,
  type CourseSearchState,
} from './courseSearchTransitions.ts';

/** The visitor's course search, and the actions of the box and chips; every search is recorded for analytics. */
export function useCourseSearch(): [CourseSearchState, (action: CourseSearchAction) => void] {
  const [search, setSearch] = useState(initialCourseSearch);
  // The latest state, so two actions in one event (a clear, then a submit) each see the one before.
  const latest = useRef(search);

  const dispatch = useCallback((action: CourseSearchAction) => {
    const { state, searchedFor } = nextCourseSearch(latest.current, action);
    latest.current = state;
    setSearch(state);
    if (searchedFor !== null) publish({ name: 'userSearchForCourse', searchTerm: searchedFor });
  }, []);

  return [search, dispatch];
}
