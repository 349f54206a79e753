// A form in a server-rendered section shows before the section's code has hydrated it. Submitted in that moment, the
// browser would send it natively (a reload of the page that drops what was typed). The submission is held instead and
// sent again, once, as soon as the section is live (its slot says data-ready), so the visitor's search still happens.
// Installed by the shell's first script.
export function holdEarlySubmits(root: Document = document): void {
  // The last held submission of each form, with the button that sent it; replayed once.
  const held = new Map<HTMLFormElement, HTMLElement | null>();
  root.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement)) return;
      const slot = form.closest('[data-section]');
      if (!slot || slot.hasAttribute('data-ready')) return;
      event.preventDefault();
      const alreadyWaiting = held.has(form);
      held.set(form, (event as SubmitEvent).submitter ?? null);
      if (!alreadyWaiting) whenLive(slot, () => replay(form));
    },
    true,
  );

  function replay(form: HTMLFormElement): void {
    const submitter = held.get(form);
    held.delete(form);
    if (!form.isConnected) return;
    if (submitter && form.contains(submitter)) form.requestSubmit(submitter);
    else form.requestSubmit();
  }
}

function whenLive(slot: Element, then: () => void): void {
  const observer = new MutationObserver(() => {
    if (!slot.hasAttribute('data-ready')) return;
    observer.disconnect();
    then();
  });
  observer.observe(slot, { attributes: true, attributeFilter: ['data-ready'] });
}
