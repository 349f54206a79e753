// A form in a server-rendered section shows before the section's code has hydrated it. Submitted in that moment, the
// browser would send it natively (a reload of the page that drops what was typed); it is held instead, and works as
// soon as the section is live (its slot says data-ready). Installed by the shell's first script.
export function holdEarlySubmits(root: Document = document): void {
  root.addEventListener(
    'submit',
    (event) => {
      const slot = event.target instanceof Element ? event.target.closest('[data-section]') : null;
      if (slot && !slot.hasAttribute('data-ready')) event.preventDefault();
    },
    true,
  );
}
