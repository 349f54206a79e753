// The visitor's search on /portfolio: the state of the box and chips, and the analytics event for each search.
import { useCallback, useRef, useState } from 'react';
import { publish } from '@site/shared-ui/eventBus';
import {
  chosenChip,
  initialProjectSearch,
  nextProjectSearch,
  type ProjectSearchAction,
} from './projectSearchState.ts';

export function useProjectSearch() {
  const [state, setState] = useState(initialProjectSearch);
  // The latest state, also between two actions of one event (the kit's SearchBox reports a cleared box as a
  // change and then a search).
  const latest = useRef(state);

  const apply = useCallback((action: ProjectSearchAction) => {
    const step = nextProjectSearch(latest.current, action);
    latest.current = step.state;
    setState(step.state);
    if (step.searched !== null) publish({ name: 'userSearchForProject', searchTerm: step.searched });
  }, []);

  return {
    boxText: state.boxText,
    query: state.query,
    chip: chosenChip(state),
    type: useCallback((text: string) => apply({ type: 'typed', text }), [apply]),
    search: useCallback((term: string) => apply({ type: 'submitted', term }), [apply]),
    pressChip: useCallback((chip: string | null) => apply({ type: 'chipPressed', chip }), [apply]),
  };
}
