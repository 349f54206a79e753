// The router of a page rendered on the server (the shell's renderer and prerender), apart from the browser's facade
// (router.ts): the browser never loads it. It is react-router's, the same instance as the facade's in the build that
// uses both.
export { StaticRouter } from 'react-router';
