// The page has loaded: its load event, or the boot script's word that it stopped waiting for it. An image whose server
// takes the connection and never answers (the owner's portrait while the backend's Storage hangs) holds the load event
// back for good; the boot script (shell/src/boot.js) then starts the site's code all the same, 5 s after the document
// was parsed, and marks the page `<html data-load-given-up>`. Whatever waits for the page to have loaded (sections
// hydrating, live updates, the pop-up, the ad) waits for this, so nothing waits for a load event that may never come.

/** The attribute the boot script sets on `<html>` when it starts the code without the load event. */
export const loadGivenUpAttribute = 'data-load-given-up';

export function pageHasLoaded(): boolean {
  return document.readyState === 'complete' || document.documentElement.hasAttribute(loadGivenUpAttribute);
}

/** Runs the callback once the page has loaded (at once if it has); returns what cancels it. */
export function onPageLoaded(callback: () => void): () => void {
  if (pageHasLoaded()) {
    callback();
    return () => undefined;
  }
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    stop();
    callback();
  };
  const observer = new MutationObserver(() => pageHasLoaded() && run());
  observer.observe(document.documentElement, { attributes: true, attributeFilter: [loadGivenUpAttribute] });
  window.addEventListener('load', run, { once: true });
  function stop() {
    done = true;
    observer.disconnect();
    window.removeEventListener('load', run);
  }
  return stop;
}

export function whenPageLoaded(): Promise<void> {
  return new Promise((resolve) => onPageLoaded(resolve));
}
