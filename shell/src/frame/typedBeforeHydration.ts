// The frame's forms are in the page's HTML before their code runs (the app starts once the page has loaded), and a
// visitor may type into them meanwhile: React keeps what is in a box through hydration, and these helpers make the
// form's state agree with it.

/**
 * The values of a form's named text fields as the page shows them now. A submission held before hydration (see
 * src/boot.js) is sent again before the adopted text has rendered, so it reads the boxes, not the last render.
 */
export function typedValues<Name extends string>(
  form: EventTarget | null,
  names: readonly Name[],
): Partial<Record<Name, string>> {
  if (!(form instanceof HTMLFormElement)) return {};
  const data = new FormData(form);
  const values: Partial<Record<Name, string>> = {};
  for (const name of names) {
    const value = data.get(name);
    if (typeof value === 'string') values[name] = value;
  }
  return values;
}
