// Wiring only: the handler is web-standard, so the local stand-in and the tests import it directly under Node.
import handler from './handler.ts';

Deno.serve(handler);
