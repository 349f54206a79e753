import { useEffect } from 'react';

let arrived = false;

/**
 * A link straight to a section (/help/privacy-policy#gdpr-rights) should open at that section. The shell scrolls to the
 * #fragment on navigation, but the first time the help section loads it is not on the page yet at that moment, so the
 * help area scrolls there itself once, when it first appears. Later visits are left to the shell, so back and forward
 * keep their restored positions.
 */
export function useScrollToSectionOnArrival() {
  useEffect(() => {
    if (arrived) return;
    arrived = true;
    const id = decodeURIComponent(window.location.hash.slice(1));
    const target = id ? document.getElementById(id) : null;
    target?.scrollIntoView();
  }, []);
}
