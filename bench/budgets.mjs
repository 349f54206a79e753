// What each route may make the browser download in JavaScript before the visitor does anything, in KB gzip. Checked
// by `npm test` (e2e/tests/performance/js-budget.spec.ts) and printed by `npm run bench`. The home page's 150 KB is
// the product's target; the other routes are held to the same ceiling.
export const jsBudgetKB = {
  '/': 150,
  '/about': 150,
  '/portfolio': 150,
  '/tutorials': 150,
  '/courses': 150,
  '/help/privacy-policy': 150,
};
